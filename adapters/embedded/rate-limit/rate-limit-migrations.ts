import type { Migration } from "../database/migrations";

/** The rate limits' own database file in DATA_DIR (see sqlite-rate-limiters.adapter.ts). */
export const RATE_LIMITS_FILE = "rate-limits.sqlite";

// Steps are never edited once released: a change is a new step at the end.
export const RATE_LIMIT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "fixed-window counts that every server process shares",
    sql: `
      -- One row per limiter and key: its current window and how many requests it took.
      CREATE TABLE rate_limit_window (
        limiter TEXT NOT NULL,
        key TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL CHECK (count > 0),
        PRIMARY KEY (limiter, key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX rate_limit_window_start ON rate_limit_window (limiter, window_start);
    `,
  },
  {
    version: 2,
    name: "failures in a row that sign-in backoffs are computed from",
    sql: `
      -- One row per counter and key (an account and address, an account): its failures in a row.
      CREATE TABLE failure_count (
        counter TEXT NOT NULL,
        key TEXT NOT NULL,
        failures INTEGER NOT NULL CHECK (failures > 0),
        last_failure_at INTEGER NOT NULL,
        PRIMARY KEY (counter, key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX failure_count_last ON failure_count (counter, last_failure_at);
    `,
  },
];
