import { getAuth, type Auth, type DecodedIdToken } from "firebase-admin/auth";
import type { DeletedAccountVerifier, IdTokenVerifier, SessionIssuer, SessionRevoker, SessionUser, SessionVerifier } from "../../core";
import { firebaseAdminApp } from "./firebase-admin-app";
import { createRecentRevocationChecks, REVOCATION_CHECK_INTERVAL_MS } from "./recent-revocation-checks";

/** Firebase's longest session cookie (two weeks), as long as the local provider's. */
export const FIREBASE_SESSION_LIFETIME_S = 14 * 24 * 60 * 60;

export interface FirebaseSessionsOptions {
  /** firebase-admin's Auth for the project: `getAuth(firebaseAdminApp(…))`. */
  readonly auth: Auth;
  /** 5 min to 14 days (Firebase's bounds). */
  readonly sessionLifetimeSeconds?: number;
  /**
   * Refuses a session for an ID token whose sign-in is older than this (Firebase's guide uses
   * 5 min). Off by default: the browser trades a new token whenever its user changes (a
   * verification, a new name), long after the sign-in.
   */
  readonly maxSignInAgeSeconds?: number;
  /**
   * How long a session cookie found unrevoked is taken as such before Firebase is asked again
   * (REVOCATION_CHECK_INTERVAL_MS, 5 s): its signature and expiry are checked on every use.
   */
  readonly revocationCheckIntervalMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

export interface FirebaseSessions {
  readonly idTokens: IdTokenVerifier;
  readonly sessions: SessionVerifier & SessionIssuer;
  /** Ends every session and refresh token of the user (sign-out everywhere, password change, deletion). */
  readonly revoker: SessionRevoker;
  readonly deletedAccounts: DeletedAccountVerifier;
}

/**
 * The server's session ports on firebase-admin (production): ID tokens and session cookies are
 * verified with `checkRevoked`, so a revoked, disabled or deleted user's credentials are refused.
 * That costs a user lookup at Firebase: for an ID token (traded once) at every check, for a session
 * cookie (every request of a signed-in visitor) at most once per `revocationCheckIntervalMs` and
 * instance, so a sign-out on another instance ends the session here within that time, and one on
 * this instance at once. A credential that is missing, malformed, expired or revoked is null; an
 * outage of Firebase itself rejects, so that it is not taken for a sign-out.
 */
export function createFirebaseSessions(options: FirebaseSessionsOptions): FirebaseSessions {
  const { auth } = options;
  const lifetime = options.sessionLifetimeSeconds ?? FIREBASE_SESSION_LIFETIME_S;
  const now = options.now ?? Date.now;

  const checks = createRecentRevocationChecks({ intervalMs: options.revocationCheckIntervalMs ?? REVOCATION_CHECK_INTERVAL_MS, now });

  const verifyWith = (check: (credential: string) => Promise<DecodedIdToken>) => async (credential: string) => {
    if (!credential) return null;
    try {
      return sessionUserOf(await check(credential));
    } catch (error) {
      if (REFUSED_CREDENTIAL.has(codeOf(error) ?? "")) return null;
      throw error;
    }
  };

  return {
    idTokens: { verify: verifyWith((token) => auth.verifyIdToken(token, true)) },
    sessions: {
      verify: verifyWith(async (cookie) => {
        const lookUp = !checks.fresh(cookie);
        try {
          const decoded = await auth.verifySessionCookie(cookie, lookUp);
          if (lookUp) checks.passed(cookie, decoded.uid);
          return decoded;
        } catch (error) {
          checks.forget(cookie);
          throw error;
        }
      }),
      async issue(idToken) {
        if (options.maxSignInAgeSeconds !== undefined) {
          const { auth_time } = await auth.verifyIdToken(idToken, true);
          if (now() / 1000 - auth_time > options.maxSignInAgeSeconds) {
            throw Object.assign(new Error("The sign-in is too old for a new session"), { code: "auth/requires-recent-login" });
          }
        }
        // Firebase derives the cookie from the ID token, so each sign-in (to the second) gets a cookie
        // of its own: a credential planted before the sign-in is never the one it ends with.
        const credential = await auth.createSessionCookie(idToken, { expiresIn: lifetime * 1000 });
        return { credential, maxAgeSeconds: lifetime };
      },
    },
    deletedAccounts: {
      async deletedUid(idToken) {
        let uid: string;
        try {
          // Not checked for revocation: deleting the user revoked it. Its signature and expiry still hold.
          uid = (await auth.verifyIdToken(idToken, false)).uid;
        } catch (error) {
          // Against the Auth emulator firebase-admin looks the user up even unasked, after the token
          // itself checked out: "not found" then is the answer, for the token's own subject.
          if (codeOf(error) === "auth/user-not-found") return subjectOf(idToken);
          if (REFUSED_CREDENTIAL.has(codeOf(error) ?? "")) return null;
          throw error;
        }
        try {
          await auth.getUser(uid);
          return null;
        } catch (error) {
          if (codeOf(error) === "auth/user-not-found") return uid;
          throw error;
        }
      },
    },
    revoker: {
      async revoke(uid) {
        try {
          await auth.revokeRefreshTokens(uid);
        } catch (error) {
          // A deleted user has nothing left to revoke.
          if (codeOf(error) !== "auth/user-not-found") throw error;
        } finally {
          checks.forgetUser(uid);
        }
      },
    },
  };
}

/** Shorthand for the composition root: the session ports of the project's default admin app. */
export function createFirebaseSessionsForProject(projectId: string, options: Omit<FirebaseSessionsOptions, "auth"> = {}): FirebaseSessions {
  return createFirebaseSessions({ ...options, auth: getAuth(firebaseAdminApp({ projectId })) });
}

/** What firebase-admin answers for a credential that proves nothing (any other failure is an outage or a misconfiguration). */
/** The `sub` claim of a JWT whose verification has already passed. */
function subjectOf(token: string): string | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { sub?: unknown };
    return typeof claims.sub === "string" && claims.sub !== "" ? claims.sub : null;
  } catch {
    return null;
  }
}

const REFUSED_CREDENTIAL = new Set([
  "auth/argument-error",
  "auth/invalid-argument",
  "auth/invalid-id-token",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/session-cookie-expired",
  "auth/session-cookie-revoked",
  "auth/user-not-found",
  "auth/user-disabled",
]);

function sessionUserOf(decoded: DecodedIdToken): SessionUser {
  const name: unknown = decoded.name;
  return {
    uid: decoded.uid,
    email: decoded.email ?? "",
    emailVerified: decoded.email_verified ?? false,
    displayName: typeof name === "string" && name !== "" ? name : null,
  };
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}
