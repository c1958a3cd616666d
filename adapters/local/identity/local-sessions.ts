import type { IdTokenVerifier, SessionIssuer, SessionRevoker, SessionUser, SessionVerifier } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";
import { createSignedSessions, type SignedSessions } from "../signed-session.adapter";

/** An ID token proves a sign-in in this browser just now: it is traded for a session cookie at once. */
export const ID_TOKEN_LIFETIME_S = 5 * 60;
export const SESSION_LIFETIME_S = 14 * 24 * 60 * 60;

export interface MintedIdToken {
  readonly token: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/**
 * The local identity server's credentials for everything beyond its own browser session: the ID
 * tokens it mints for the browser, and the `__session` credentials server rendering reads. Both
 * are checked against the user's row (a deleted user has none) and the user's "not valid
 * before", which revocation moves forward.
 */
export interface LocalSessions {
  /** A short-lived ID token for the user; null when there is no such user. */
  mintIdToken(uid: string): MintedIdToken | null;
  readonly idTokens: IdTokenVerifier;
  readonly sessions: SessionVerifier & SessionIssuer;
  /** Sign-out and deletion: ends the user's browser sessions too. */
  readonly revoker: SessionRevoker;
  /** A password change: better-auth has already renewed this browser's own session and ended the others. */
  refuseEarlierCredentials(uid: string): void;
}

export interface LocalSessionsOptions {
  readonly db: SqliteDatabase;
  readonly secret: string;
  readonly now?: () => number;
}

interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: number;
  readonly name: string;
}

export function createLocalSessions({ db, secret, now = Date.now }: LocalSessionsOptions): LocalSessions {
  const idTokens = createSignedSessions(secret, { now, purpose: "id-token" });
  const sessions = createSignedSessions(secret, { now, purpose: "session" });
  const findUser = db.prepare<[string], UserRow>(`SELECT id, email, emailVerified, name FROM "user" WHERE id = ?`);
  const findNotBefore = db.prepare<[string], { not_before: number }>("SELECT not_before FROM session_revocation WHERE uid = ?");
  // Strictly later than both the clock and the last revocation: a credential issued in the same
  // millisecond as a revocation, before it, is refused, and one issued after it is not.
  const moveNotBefore = db.prepare<[number, string]>(
    `INSERT INTO session_revocation (uid, not_before) SELECT id, ? FROM "user" WHERE id = ?
     ON CONFLICT (uid) DO UPDATE SET not_before = max(excluded.not_before, not_before + 1)`,
  );
  const deleteBrowserSessions = db.prepare<[string]>(`DELETE FROM "session" WHERE userId = ?`);

  const notBefore = (uid: string) => findNotBefore.get(uid)?.not_before ?? 0;
  const userOf = (uid: string): SessionUser | null => {
    const row = findUser.get(uid);
    return row ? { uid: row.id, email: row.email, emailVerified: row.emailVerified === 1, displayName: row.name || null } : null;
  };
  // The row, not the claims, says who the user is now: a verification or a new name shows at once.
  const verifyWith = (signed: SignedSessions) => async (credential: string) => {
    const opened = signed.open(credential);
    if (!opened || opened.issuedAt < notBefore(opened.user.uid)) return null;
    return userOf(opened.user.uid);
  };
  const refuseEarlierCredentials = (uid: string) => {
    moveNotBefore.run(now() + 1, uid);
  };

  return {
    mintIdToken(uid) {
      const user = userOf(uid);
      if (!user) return null;
      const token = idTokens.issue(user, { lifetimeSeconds: ID_TOKEN_LIFETIME_S, issuedAt: Math.max(now(), notBefore(uid)) });
      return { token, expiresAt: now() + ID_TOKEN_LIFETIME_S * 1000 };
    },
    idTokens: { verify: verifyWith(idTokens) },
    sessions: {
      verify: verifyWith(sessions),
      async issue(_idToken, user) {
        const credential = sessions.issue(user, { lifetimeSeconds: SESSION_LIFETIME_S, issuedAt: Math.max(now(), notBefore(user.uid)) });
        return { credential, maxAgeSeconds: SESSION_LIFETIME_S };
      },
    },
    revoker: {
      async revoke(uid) {
        db.transaction(() => {
          refuseEarlierCredentials(uid);
          deleteBrowserSessions.run(uid);
        }).immediate();
      },
    },
    refuseEarlierCredentials,
  };
}
