import { createHash } from "node:crypto";
import {
  readCookie,
  sessionCookieName,
  type IdTokenVerifier,
  type RequestSessionVerifier,
  type SessionIssuer,
  type SessionRevoker,
  type SessionUser,
  type SessionVerifier,
} from "../../../core";
import type { SqliteDatabase } from "../database/open-database";
import { createSignedSessions, type SignedCredential, type SignedSessions } from "../../runtime/signed-session.adapter";

/** An ID token proves a sign-in in this browser just now: it is traded for a session cookie at once. */
export const ID_TOKEN_LIFETIME_S = 5 * 60;
export const SESSION_LIFETIME_S = 14 * 24 * 60 * 60;

/** better-auth's session cookie: `__Host-` where cookies are Secure (better-auth.server.ts names it so). */
export function identitySessionCookieName(secure: boolean): string {
  return `${secure ? "__Host-" : ""}better-auth.session_token`;
}

export interface MintedIdToken {
  readonly token: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/**
 * The local identity server's credentials for everything beyond its own browser session: the ID
 * tokens it mints for the browser, and the `__session` credentials server rendering reads. Both
 * are checked against the user's row (a deleted user has none) and the user's "not valid
 * before", which revocation moves forward. Both are bound to the identity server's session they
 * were minted from: a request's session credential counts only beside that session's own cookie,
 * while that session lasts (issue 48 item 4).
 */
export interface LocalSessions {
  /** A short-lived ID token for the user of the identity server's session `identitySession` (its token); null when there is no such user. */
  mintIdToken(uid: string, identitySession: string): MintedIdToken | null;
  readonly idTokens: IdTokenVerifier;
  readonly sessions: SessionVerifier & SessionIssuer;
  /** The user of a request: its session cookie, checked against the identity server's session cookie beside it. */
  readonly requestSessions: RequestSessionVerifier;
  /** Sign-out and deletion: ends the user's browser sessions too. */
  readonly revoker: SessionRevoker;
  /** A password change: better-auth has already renewed this browser's own session and ended the others. */
  refuseEarlierCredentials(uid: string): void;
}

export interface LocalSessionsOptions {
  readonly db: SqliteDatabase;
  readonly secret: string;
  /** Production: the cookies are Secure, and named `__Host-`. */
  readonly secureCookies: boolean;
  readonly now?: () => number;
}

interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: number;
  readonly name: string;
}

/** The identity server's session token in its cookie's value (`token.signature`). */
export function identitySessionTokenOf(cookieValue: string | undefined): string | undefined {
  const token = cookieValue?.split(".")[0];
  return token ? token : undefined;
}

const digestOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export function createLocalSessions({ db, secret, secureCookies, now = Date.now }: LocalSessionsOptions): LocalSessions {
  const idTokens = createSignedSessions(secret, { now, purpose: "id-token" });
  const sessions = createSignedSessions(secret, { now, purpose: "session" });
  const findUser = db.prepare<[string], UserRow>(`SELECT id, email, emailVerified, name FROM "user" WHERE id = ?`);
  const findNotBefore = db.prepare<[string], { not_before: number }>("SELECT not_before FROM session_revocation WHERE uid = ?");
  const findIdentitySession = db.prepare<[string, string], { expiresAt: string | number }>(`SELECT expiresAt FROM "session" WHERE token = ? AND userId = ?`);
  // Strictly later than both the clock and the last revocation: a credential issued in the same
  // millisecond as a revocation, before it, is refused, and one issued after it is not.
  const moveNotBefore = db.prepare<[number, string]>(
    `INSERT INTO session_revocation (uid, not_before) SELECT id, ? FROM "user" WHERE id = ?
     ON CONFLICT (uid) DO UPDATE SET not_before = max(excluded.not_before, not_before + 1)`,
  );
  const deleteBrowserSessions = db.prepare<[string]>(`DELETE FROM "session" WHERE userId = ?`);
  const sessionCookie = sessionCookieName(secureCookies);
  const identityCookie = identitySessionCookieName(secureCookies);

  const notBefore = (uid: string) => findNotBefore.get(uid)?.not_before ?? 0;
  const userOf = (uid: string): SessionUser | null => {
    const row = findUser.get(uid);
    return row ? { uid: row.id, email: row.email, emailVerified: row.emailVerified === 1, displayName: row.name || null } : null;
  };
  const openWith = (signed: SignedSessions, credential: string): SignedCredential | null => {
    const opened = signed.open(credential);
    return opened && opened.issuedAt >= notBefore(opened.user.uid) ? opened : null;
  };
  // The row, not the claims, says who the user is now: a verification or a new name shows at once.
  const verifyWith = (signed: SignedSessions) => async (credential: string) => {
    const opened = openWith(signed, credential);
    return opened ? userOf(opened.user.uid) : null;
  };
  const refuseEarlierCredentials = (uid: string) => {
    moveNotBefore.run(now() + 1, uid);
  };
  /** Whether `token` is a live identity session of `uid`'s. */
  const liveIdentitySession = (token: string, uid: string) => {
    const row = findIdentitySession.get(token, uid);
    return row !== undefined && new Date(row.expiresAt).getTime() > now();
  };

  return {
    mintIdToken(uid, identitySession) {
      const user = userOf(uid);
      if (!user) return null;
      const token = idTokens.issue(user, { lifetimeSeconds: ID_TOKEN_LIFETIME_S, issuedAt: Math.max(now(), notBefore(uid)), boundTo: digestOf(identitySession) });
      return { token, expiresAt: now() + ID_TOKEN_LIFETIME_S * 1000 };
    },
    idTokens: { verify: verifyWith(idTokens) },
    sessions: {
      verify: verifyWith(sessions),
      async issue(idToken, user) {
        // The session inherits the ID token's binding: the identity session the token was minted from.
        const boundTo = idTokens.open(idToken)?.boundTo ?? undefined;
        const credential = sessions.issue(user, { lifetimeSeconds: SESSION_LIFETIME_S, issuedAt: Math.max(now(), notBefore(user.uid)), boundTo });
        return { credential, maxAgeSeconds: SESSION_LIFETIME_S };
      },
    },
    requestSessions: {
      async userOf(cookieHeader) {
        const credential = readCookie(cookieHeader, sessionCookie);
        const opened = credential ? openWith(sessions, credential) : null;
        if (!opened?.boundTo) return null;
        // A session cookie counts only beside the identity session it was made from, while that lasts.
        const identitySession = identitySessionTokenOf(readCookie(cookieHeader, identityCookie));
        if (!identitySession || digestOf(identitySession) !== opened.boundTo || !liveIdentitySession(identitySession, opened.user.uid)) return null;
        return userOf(opened.user.uid);
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
