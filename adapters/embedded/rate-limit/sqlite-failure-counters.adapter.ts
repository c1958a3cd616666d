import type { FailureCount, FailureCounter, FailureCounters } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";

const NONE: FailureCount = { failures: 0, lastFailureAt: null };
/** How often a process deletes the rows of keys forgotten since. */
const PURGE_EVERY_MS = 60_000;

/**
 * Failure counts in the rate limits' database (openRateLimitsDatabase), which every server process
 * on DATA_DIR shares: a guess spread over the workers meets one count. A failure is one upsert
 * that returns the new count, atomic across processes; a key whose last failure is older than the
 * counter's rule counts as none, and its row is deleted by the next purge.
 */
export function createSqliteFailureCounters(db: SqliteDatabase, now: () => number = Date.now): FailureCounters {
  const read = db.prepare<{ counter: string; key: string; since: number }, { failures: number; last_failure_at: number }>(
    "SELECT failures, last_failure_at FROM failure_count WHERE counter = :counter AND key = :key AND last_failure_at > :since",
  );
  const fail = db.prepare<{ counter: string; key: string; now: number; since: number }, { failures: number; last_failure_at: number }>(`
    INSERT INTO failure_count (counter, key, failures, last_failure_at) VALUES (:counter, :key, 1, :now)
    ON CONFLICT (counter, key) DO UPDATE SET
      failures = CASE WHEN last_failure_at > :since THEN failures + 1 ELSE 1 END,
      last_failure_at = excluded.last_failure_at
    RETURNING failures, last_failure_at`);
  const forget = db.prepare<{ counter: string; key: string }>("DELETE FROM failure_count WHERE counter = :counter AND key = :key");
  const purge = db.prepare<{ counter: string; since: number }>("DELETE FROM failure_count WHERE counter = :counter AND last_failure_at <= :since");
  const countOf = (row: { failures: number; last_failure_at: number } | undefined): FailureCount =>
    row ? { failures: row.failures, lastFailureAt: row.last_failure_at } : NONE;

  return {
    counter(counter, { forgetAfterMs }): FailureCounter {
      let purgedAt = Number.NEGATIVE_INFINITY;
      return {
        read: async (key) => countOf(read.get({ counter, key, since: now() - forgetAfterMs })),
        async fail(key) {
          const time = now();
          if (time - purgedAt >= PURGE_EVERY_MS) {
            purgedAt = time;
            purge.run({ counter, since: time - forgetAfterMs });
          }
          return countOf(fail.get({ counter, key, now: time, since: time - forgetAfterMs }));
        },
        forget: async (key) => void forget.run({ counter, key }),
      };
    },
  };
}
