import type { Logger, TicketStorePort } from "../../../core";

export interface TicketHoldSweepOptions {
  readonly store: TicketStorePort;
  readonly logger: Logger;
  /** How long a hold is kept after its expiry (an hour): a payment that comes late still finds it, to be refunded. */
  readonly keepMs?: number;
  /** How often the sweep runs (every 10 minutes). */
  readonly everyMs?: number;
  readonly now?: () => number;
}

export interface TicketHoldSweep {
  /** Deletes what has been over for `keepMs`; answers how many holds went. */
  sweep(): Promise<number>;
  /** Sweeps every `everyMs`, without keeping the process up. */
  start(): void;
  /** Stops the sweeps and waits for the one under way. */
  stop(): Promise<void>;
}

export const TICKET_HOLD_SWEEP = { keepMs: 60 * 60_000, everyMs: 10 * 60_000 } as const;

/**
 * Holds that ran out or were let go keep nothing aside, but their rows would stay for ever: a
 * buyer who holds again and again (or a script) would grow the store without bound. Every server
 * process sweeps; the deletes are idempotent, so several sweeping at once only repeat each other.
 */
export function createTicketHoldSweep(options: TicketHoldSweepOptions): TicketHoldSweep {
  const { store, logger } = options;
  const keepMs = options.keepMs ?? TICKET_HOLD_SWEEP.keepMs;
  const everyMs = options.everyMs ?? TICKET_HOLD_SWEEP.everyMs;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  const sweep = () => store.sweepHolds(new Date(now() - keepMs).toISOString());

  function round(): void {
    if (running) return;
    running = sweep()
      .then((swept) => swept > 0 && logger.info("tickets.holds-swept", { swept }))
      .catch((error: unknown) => logger.error("tickets.hold-sweep-failed", { error: String(error) }))
      .finally(() => (running = undefined));
  }

  return {
    sweep,
    start() {
      if (timer) return;
      timer = setInterval(round, everyMs);
      timer.unref();
      round();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
