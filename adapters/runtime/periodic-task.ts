import type { Logger } from "../../core";

export interface PeriodicTask {
  /** A round now and one every `everyMs`; the timer never keeps the process alive. */
  start(): void;
  /** No more rounds; resolves once the one under way has ended. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  readonly everyMs: number;
  readonly logger: Logger;
  /** The log event of a round that failed; the next round runs as planned. */
  readonly failedEvent: string;
}

/**
 * The server's housekeeping on a timer (the hold sweep, the purge of abandoned uploads): one round
 * at a time, so a slow store never has two rounds of one process piling up.
 */
export function createPeriodicTask(round: () => Promise<unknown>, { everyMs, logger, failedEvent }: PeriodicTaskOptions): PeriodicTask {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  function tick(): void {
    if (running) return;
    running = round()
      .catch((error: unknown) => logger.error(failedEvent, { error: String(error) }))
      .finally(() => (running = undefined));
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
