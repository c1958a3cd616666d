import type { ExternalTicketClicksPort } from "../../../core";
import { groupCommitOf } from "../database/group-commit";
import type { SqliteDatabase } from "../database/open-database";

/**
 * Clicks on the embedded SQLite: one row per event and day, and one per visitor counted there,
 * kept until a click of a later day comes. A rush of clicks shares commits (group commit), so
 * counting never slows the page that sends the visitor on.
 */
export function createSqliteExternalTicketClicks(db: SqliteDatabase): ExternalTicketClicksPort {
  const commits = groupCommitOf(db);
  const forgetBefore = db.prepare<[string]>(`DELETE FROM external_ticket_click_visitor WHERE day < ?`);
  const seen = db.prepare<[string, string, string]>(`INSERT OR IGNORE INTO external_ticket_click_visitor (event_id, day, visitor) VALUES (?, ?, ?)`);
  const add = db.prepare<[string, string]>(
    `INSERT INTO external_ticket_click (event_id, day, clicks) VALUES (?, ?, 1)
     ON CONFLICT (event_id, day) DO UPDATE SET clicks = clicks + 1`,
  );
  const since = db.prepare<[string], { eventId: string; day: string; clicks: number }>(
    `SELECT event_id AS eventId, day, clicks FROM external_ticket_click WHERE day >= ? ORDER BY event_id, day`,
  );
  return {
    async record(eventId, at, visitor) {
      const day = dayOf(at);
      await commits.write(() => {
        forgetBefore.run(day);
        if (seen.run(eventId, day, visitor).changes === 1) add.run(eventId, day);
      });
    },
    async totals(sinceDay) {
      return since.all(sinceDay);
    },
  };
}

/** The UTC day of an instant given with any offset. */
const dayOf = (at: string) => new Date(at).toISOString().slice(0, 10);
