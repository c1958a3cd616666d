import { UNATTACHED_FILE_MAX_AGE_MS, type FilesPort, type Logger } from "../../../core";
import { createPeriodicTask, type PeriodicTask } from "../../runtime/periodic-task";

export interface UnattachedFilesPurgeOptions {
  readonly files: FilesPort;
  readonly logger: Logger;
  /** Unattached files older than this are abandoned: the form is sent minutes after its upload. */
  readonly maxAgeMs?: number;
  readonly intervalMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

export interface UnattachedFilesPurge extends PeriodicTask {
  /** One round: deletes the unattached files older than maxAgeMs; how many. */
  purgeDue(): Promise<number>;
}

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * The server's own purge of abandoned uploads (CVs no form named): their places under the files
 * store's limit free without the staff's `npm run leads:purge`, which still deletes the
 * submissions past their retention and their CVs. Every server process may run it: a file two
 * rounds delete at once is deleted once.
 */
export function createUnattachedFilesPurge({ files, logger, maxAgeMs = UNATTACHED_FILE_MAX_AGE_MS, intervalMs = FIFTEEN_MINUTES_MS, now = Date.now }: UnattachedFilesPurgeOptions): UnattachedFilesPurge {
  const purgeDue = () => files.purgeUnattached(now() - maxAgeMs);
  const task = createPeriodicTask(
    async () => {
      const purged = await purgeDue();
      if (purged > 0) logger.info("files.unattached-purged", { purged });
    },
    { everyMs: intervalMs, logger, failedEvent: "files.unattached-purge-failed" },
  );
  return { purgeDue, ...task };
}
