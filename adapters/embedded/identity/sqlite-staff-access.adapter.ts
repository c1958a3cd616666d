import type { StaffAccessPort, StaffEvents } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";

const ALL = "*";

/**
 * Door staff on the embedded identity: a row beside the local accounts (better-auth's `user`
 * table), which goes with the account when it is deleted.
 */
export function createSqliteStaffAccess(db: SqliteDatabase): StaffAccessPort {
  const accountOf = db.prepare<[string], { id: string }>(`SELECT id FROM "user" WHERE email = ? COLLATE NOCASE`);
  const upsert = db.prepare<[string, string]>(`INSERT INTO staff_access (uid, events) VALUES (?, ?) ON CONFLICT (uid) DO UPDATE SET events = excluded.events`);
  const eventsOf = db.prepare<[string], { events: string }>(`SELECT events FROM staff_access WHERE uid = ?`);
  return {
    async eventsOf(uid) {
      const row = eventsOf.get(uid);
      if (!row) return null;
      return row.events === ALL ? "all" : (JSON.parse(row.events) as string[]);
    },
    async grant(email, events: StaffEvents) {
      const account = accountOf.get(email.trim());
      if (!account) return false;
      upsert.run(account.id, events === "all" ? ALL : JSON.stringify(events));
      return true;
    },
  };
}
