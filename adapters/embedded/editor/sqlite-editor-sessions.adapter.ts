import type { EditorSessionsPort } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";

/**
 * EditorSessionsPort on the embedded database that every server process shares: a row per
 * session. Each sign-in first drops the rows that have expired or belong to another password.
 */
export function createSqliteEditorSessions(db: SqliteDatabase): EditorSessionsPort {
  const insert = db.prepare<[string, string, number]>("INSERT INTO editor_session (token_digest, password_fingerprint, expires_at) VALUES (?, ?, ?)");
  const find = db.prepare<[string, string, number], { found: 1 }>(
    "SELECT 1 AS found FROM editor_session WHERE token_digest = ? AND password_fingerprint = ? AND expires_at > ?",
  );
  const remove = db.prepare<[string]>("DELETE FROM editor_session WHERE token_digest = ?");
  const purge = db.prepare<[number, string]>("DELETE FROM editor_session WHERE expires_at <= ? OR password_fingerprint <> ?");
  const open = db.transaction((digest: string, fingerprint: string, openedAt: number, expiresAt: number) => {
    purge.run(openedAt, fingerprint);
    insert.run(digest, fingerprint, expiresAt);
  });
  return {
    async open({ digest, passwordFingerprint, openedAt, expiresAt }) {
      open.immediate(digest, passwordFingerprint, openedAt, expiresAt);
    },
    async isOpen(digest, passwordFingerprint, now) {
      return find.get(digest, passwordFingerprint, now) !== undefined;
    },
    async close(digest) {
      remove.run(digest);
    },
  };
}
