import type { RateDecision, RateLimiter, RateLimiters } from "../../../core";
import { openDatabase, type SqliteDatabase } from "../database/open-database";
import { RATE_LIMITS_FILE, RATE_LIMIT_MIGRATIONS } from "./rate-limit-migrations";

/**
 * Fixed-window limiters whose counts live in a database file of their own in DATA_DIR
 * (openRateLimitsDatabase), so that every server process on it counts together (scripts/serve.mjs
 * runs several). A take under the limit is one upsert that returns the new count, atomic across
 * processes (two processes that both read one below the limit both write, and the second's count
 * refuses it); counts stop one past the limit. Rows of past windows are deleted when a process
 * sees a new window.
 */
export function createSqliteRateLimiters(db: SqliteDatabase, now: () => number = Date.now): RateLimiters {
  const take = db.prepare<{ limiter: string; key: string; start: number; ceiling: number }, { count: number }>(`
    INSERT INTO rate_limit_window (limiter, key, window_start, count) VALUES (:limiter, :key, :start, 1)
    ON CONFLICT (limiter, key) DO UPDATE SET
      count = CASE WHEN window_start = excluded.window_start THEN min(count + 1, :ceiling) ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  const counted = db.prepare<{ limiter: string; key: string; start: number }, { count: number }>(
    "SELECT count FROM rate_limit_window WHERE limiter = :limiter AND key = :key AND window_start = :start",
  );
  const forgetBefore = db.prepare<{ limiter: string; start: number }>("DELETE FROM rate_limit_window WHERE limiter = :limiter AND window_start < :start");
  const tracked = db.prepare<{ limiter: string; start: number }, { keys: number }>(
    "SELECT count(*) AS keys FROM rate_limit_window WHERE limiter = :limiter AND window_start = :start",
  );

  return {
    limiter(limiter, { limit, windowMs = 1000 }): RateLimiter {
      let currentStart = Number.NEGATIVE_INFINITY;
      const windowOf = (time: number) => time - (time % windowMs);
      return {
        limit,
        async take(key): Promise<RateDecision> {
          const time = now();
          const start = windowOf(time);
          if (start !== currentStart) {
            currentStart = start;
            forgetBefore.run({ limiter, start });
          }
          const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - time) / 1000));
          const refused = { allowed: false, remaining: 0, retryAfterSeconds };
          // Past the limit, a read refuses: a flood of refused requests writes (and flushes) nothing.
          if ((counted.get({ limiter, key, start })?.count ?? 0) >= limit) return refused;
          const { count } = take.get({ limiter, key, start, ceiling: limit + 1 })!;
          return count > limit ? refused : { allowed: true, remaining: limit - count, retryAfterSeconds };
        },
        trackedKeys: async () => tracked.get({ limiter, start: windowOf(now()) })!.keys,
      };
    },
  };
}

/**
 * The rate limits' database: a file apart from the site's, because a count is written on every
 * limited request and needs none of the site's guarantees. It is not flushed to the disk per write
 * (`synchronous = OFF`: a power cut loses a window's counts, nothing else), and its lock is not the
 * site's: a sign-up's transaction, open across awaits, never makes a count wait, nor a count a
 * lead's group commit.
 */
export function openRateLimitsDatabase(dataDir: string): SqliteDatabase {
  const db = openDatabase(dataDir, { file: RATE_LIMITS_FILE, migrations: RATE_LIMIT_MIGRATIONS });
  db.pragma("synchronous = OFF");
  return db;
}
