import { BUSY_TIMEOUT_MS, type SqliteDatabase } from "./open-database";

export interface GroupCommit {
  /**
   * Runs `write` inside the next shared transaction and resolves with its result once that
   * transaction has committed (with synchronous=FULL: once it is on disk). A write that throws is
   * rolled back alone (a savepoint) and rejects; the others commit.
   */
  write<T>(write: () => T): Promise<T>;
}

interface Pending {
  readonly write: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How soon a batch asks again for the write lock another process holds. */
const LOCK_RETRY_MS = 1;

/**
 * Group commit: every write asked for during one turn of the event loop shares one transaction,
 * so N concurrent requests cost one fsync instead of N — the disk's flushes per second, not the
 * server, bound the embedded store's writes. Nothing is acknowledged before its commit: callers
 * await the promise. Under no load a write waits only for the current turn to end.
 *
 * Another process (a sibling worker) holding the write lock is waited for without blocking: the
 * batch asks again every millisecond, first in line, while this process goes on serving (and its
 * new writes join the batch), for up to BUSY_TIMEOUT_MS; then its writes reject with SQLITE_BUSY.
 * SQLite's own wait (busy_timeout) would freeze the process's event loop in sleeps that grow to
 * 100 ms, long enough for the other process to take the lock again and again: under a 200-buyer
 * rush on two workers, one order in a hundred waited 4.5 s (issue 51).
 */
export function groupCommitOf(db: SqliteDatabase): GroupCommit {
  let commit = commits.get(db);
  if (!commit) {
    commit = createGroupCommit(db);
    commits.set(db, commit);
  }
  return commit;
}

// One per connection: every adapter on it shares the same transactions.
const commits = new WeakMap<SqliteDatabase, GroupCommit>();

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";

function createGroupCommit(db: SqliteDatabase): GroupCommit {
  let queue: Pending[] = [];
  let scheduled = false;
  /** Since when the batch at the head of the queue has waited for another process's lock. */
  let waitingSince: number | undefined;

  function schedule(delayMs?: number): void {
    if (scheduled) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      flush();
    };
    if (delayMs === undefined) setImmediate(run);
    else setTimeout(run, delayMs);
  }

  /** BEGIN IMMEDIATE without SQLite's blocking wait: SQLITE_BUSY at once if another process writes. */
  function immediately<T>(transaction: () => T): T {
    db.pragma("busy_timeout = 0");
    try {
      return db.transaction(transaction).immediate();
    } finally {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  function flush(): void {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      // IMMEDIATE: the write lock first, so another process's writer waits rather than deadlocks.
      immediately(() => {
        for (const pending of batch) {
          try {
            // A nested transaction is a savepoint: a failed write leaves no trace, the batch goes on.
            outcomes.push({ ok: true, value: db.transaction(pending.write)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      const now = Date.now();
      waitingSince ??= now;
      if (isBusy(error) && outcomes.length === 0 && now - waitingSince < BUSY_TIMEOUT_MS) {
        // Nothing ran: the batch stays first in line, and what was asked meanwhile joins it.
        queue = [...batch, ...queue];
        schedule(LOCK_RETRY_MS);
        return;
      }
      waitingSince = undefined;
      for (const pending of batch) pending.reject(error);
      if (queue.length > 0) schedule();
      return;
    }
    waitingSince = undefined;
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
    if (queue.length > 0) schedule();
  }

  return {
    write<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
