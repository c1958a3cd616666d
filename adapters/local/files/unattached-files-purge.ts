import { UNATTACHED_FILE_MAX_AGE_MS, type FilesPort, type Logger } from "../../../core";

export interface UnattachedFilesPurgeOptions {
  readonly files: FilesPort;
  readonly logger: Logger;
  /** Unattached files older than this are abandoned: the form is sent minutes after its upload. */
  readonly maxAgeMs?: number;
  readonly intervalMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

export interface UnattachedFilesPurge {
  /** One round: deletes the unattached files older than maxAgeMs; how many. */
  purgeDue(): Promise<number>;
  /** A round now and one every intervalMs; the timer never keeps the process alive. */
  start(): void;
  /** No more rounds; resolves once the one under way has ended. */
  stop(): Promise<void>;
}

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * The server's own purge of abandoned uploads (CVs no form named): their places under the files
 * store's limit free without the staff's `npm run leads:purge`, which still deletes the
 * submissions past their retention and their CVs. Every server process may run it: a file two
 * rounds delete at once is deleted once.
 */
export function createUnattachedFilesPurge({ files, logger, maxAgeMs = UNATTACHED_FILE_MAX_AGE_MS, intervalMs = FIFTEEN_MINUTES_MS, now = Date.now }: UnattachedFilesPurgeOptions): UnattachedFilesPurge {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  const purgeDue = () => files.purgeUnattached(now() - maxAgeMs);

  function round(): void {
    if (running) return;
    running = purgeDue()
      .then((purged) => {
        if (purged > 0) logger.info("files.unattached-purged", { purged });
      })
      .catch((error: unknown) => logger.error("files.unattached-purge-failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    purgeDue,
    start() {
      if (timer) return;
      timer = setInterval(round, intervalMs);
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
