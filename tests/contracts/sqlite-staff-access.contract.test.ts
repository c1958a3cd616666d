import { randomUUID } from "node:crypto";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteStaffAccess } from "../../adapters/embedded/identity/sqlite-staff-access.adapter";
import { staffAccessContract } from "./staff-access.contract";

staffAccessContract("The embedded identity's staff access", async () => {
  const db = openDatabase(":memory:");
  // The accounts are the local identity's (better-auth's table): made as it makes them.
  const insertAccount = db.prepare<[string, string, string, string]>(`INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt) VALUES (?, 'Staff', ?, 1, ?, ?)`);
  const close = async () => {
    db.close();
  };
  return {
    port: createSqliteStaffAccess(db),
    makeAccount: async (email) => {
      const uid = randomUUID();
      const now = new Date().toISOString();
      insertAccount.run(uid, email, now, now);
      return uid;
    },
    close,
  };
});
