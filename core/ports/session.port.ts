/** The signed-in user as the server knows them from a session cookie or an ID token. */
export interface SessionUser {
  readonly uid: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly displayName: string | null;
}

/**
 * Server side: turns the session credential a request carries into its user.
 * Production: firebase-admin session cookies. Embedded: the local identity server's signed tokens.
 */
export interface SessionVerifier {
  /** The user, or null for a missing, expired, tampered or revoked credential. */
  verify(credential: string): Promise<SessionUser | null>;
}

/**
 * Server side: ends every session a user holds, on sign-out, password change and deletion. The
 * verifier of the same provider then refuses every credential issued to the user before the call.
 */
export interface SessionRevoker {
  revoke(uid: string): Promise<void>;
}

/** The cookie that carries the session credential. */
export const SESSION_COOKIE = "__session";
