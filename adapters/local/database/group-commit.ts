import type { SqliteDatabase } from "./open-database";

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

/**
 * Group commit: every write asked for during one turn of the event loop shares one transaction,
 * so N concurrent requests cost one fsync instead of N — the disk's flushes per second, not the
 * server, bound the embedded store's writes. Nothing is acknowledged before its commit: callers
 * await the promise. Under no load a write waits only for the current turn to end.
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

function createGroupCommit(db: SqliteDatabase): GroupCommit {
  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      // IMMEDIATE: the write lock first, so another process's writer waits rather than deadlocks.
      db.transaction(() => {
        for (const pending of batch) {
          try {
            // A nested transaction is a savepoint: a failed write leaves no trace, the batch goes on.
            outcomes.push({ ok: true, value: db.transaction(pending.write)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  return {
    write<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
