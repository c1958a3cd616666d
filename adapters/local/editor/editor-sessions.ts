import { createHash, randomBytes } from "node:crypto";
import type { SqliteDatabase } from "../database/open-database";

/**
 * The embedded editor's sessions, kept server side in the embedded database that every server
 * process shares: a cookie is a random token whose digest names a row. Signing out deletes the
 * row, and a row opened under another password than the one in force is refused, so a copied
 * cookie stops working at sign-out and at a password change, in every process.
 */
export interface EditorSessions {
  /** A new session under the password in force: the cookie's value; undefined while the password is not known yet. */
  open(): string | undefined;
  isOpen(credential: string): boolean;
  close(credential: string): void;
}

export interface EditorSessionsOptions {
  readonly db: SqliteDatabase;
  /** Which password is in force (EditorPassword.fingerprint); undefined until it is known. */
  readonly passwordFingerprint: () => string | undefined;
  readonly lifetimeSeconds: number;
  readonly now?: () => number;
}

export function createEditorSessions({ db, passwordFingerprint, lifetimeSeconds, now = Date.now }: EditorSessionsOptions): EditorSessions {
  const insert = db.prepare<[string, string, number]>("INSERT INTO editor_session (token_digest, password_fingerprint, expires_at) VALUES (?, ?, ?)");
  const find = db.prepare<[string, string, number], { found: 1 }>(
    "SELECT 1 AS found FROM editor_session WHERE token_digest = ? AND password_fingerprint = ? AND expires_at > ?",
  );
  const remove = db.prepare<[string]>("DELETE FROM editor_session WHERE token_digest = ?");
  const purge = db.prepare<[number, string]>("DELETE FROM editor_session WHERE expires_at <= ? OR password_fingerprint <> ?");
  // Only the digest is stored: the database (or a backup of it) holds no live cookie.
  const digestOf = (credential: string) => createHash("sha256").update(credential).digest("base64url");

  return {
    open() {
      const fingerprint = passwordFingerprint();
      if (!fingerprint) return undefined;
      const credential = randomBytes(32).toString("base64url");
      const time = now();
      db.transaction(() => {
        purge.run(time, fingerprint);
        insert.run(digestOf(credential), fingerprint, time + lifetimeSeconds * 1000);
      }).immediate();
      return credential;
    },
    isOpen(credential) {
      const fingerprint = passwordFingerprint();
      return fingerprint !== undefined && find.get(digestOf(credential), fingerprint, now()) !== undefined;
    },
    close(credential) {
      remove.run(digestOf(credential));
    },
  };
}
