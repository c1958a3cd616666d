import type { SpentTokensPort } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";

/** How often a process deletes the rows of tokens that have expired since. */
const PURGE_EVERY_MS = 60_000;

/**
 * SpentTokensPort on the embedded database that every server process shares: spending is one
 * insert that a second spend of the same digest, in any process, finds taken.
 */
export function createSqliteSpentTokens(db: SqliteDatabase, now: () => number = Date.now): SpentTokensPort {
  const insert = db.prepare<[string, number]>("INSERT INTO spent_token (digest, expires_at) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING");
  const purge = db.prepare<[number]>("DELETE FROM spent_token WHERE expires_at <= ?");
  let purgedAt = Number.NEGATIVE_INFINITY;
  return {
    async spend(digest, expiresAt) {
      const time = now();
      if (time - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = time;
        purge.run(time);
      }
      return insert.run(digest, expiresAt).changes === 1;
    },
  };
}
