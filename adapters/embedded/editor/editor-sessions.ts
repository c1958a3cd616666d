import { createHash, randomBytes } from "node:crypto";
import type { EditorSessionsPort } from "../../../core";

/**
 * The embedded editor's sessions, kept server side where every server process (and, on Firebase,
 * every instance) finds them: a cookie is a random token whose digest names a session. Signing out
 * ends it, and a session opened under another password than the one in force is refused, so a
 * copied cookie stops working at sign-out and at a password change, everywhere.
 */
export interface EditorSessions {
  /** A new session under the password in force: the cookie's value; undefined while the password is not known yet. */
  open(): Promise<string | undefined>;
  isOpen(credential: string): Promise<boolean>;
  close(credential: string): Promise<void>;
}

export interface EditorSessionsOptions {
  readonly store: EditorSessionsPort;
  /** Which password is in force (EditorPassword.fingerprint); undefined until it is known. */
  readonly passwordFingerprint: () => string | undefined;
  readonly lifetimeSeconds: number;
  readonly now?: () => number;
}

// Only the digest is stored: the store (or a backup of it) holds no live cookie.
const digestOf = (credential: string) => createHash("sha256").update(credential).digest("base64url");

export function createEditorSessions({ store, passwordFingerprint, lifetimeSeconds, now = Date.now }: EditorSessionsOptions): EditorSessions {
  return {
    async open() {
      const fingerprint = passwordFingerprint();
      if (!fingerprint) return undefined;
      const credential = randomBytes(32).toString("base64url");
      const openedAt = now();
      await store.open({ digest: digestOf(credential), passwordFingerprint: fingerprint, openedAt, expiresAt: openedAt + lifetimeSeconds * 1000 });
      return credential;
    },
    async isOpen(credential) {
      const fingerprint = passwordFingerprint();
      return fingerprint !== undefined && (await store.isOpen(digestOf(credential), fingerprint, now()));
    },
    close: (credential) => store.close(digestOf(credential)),
  };
}
