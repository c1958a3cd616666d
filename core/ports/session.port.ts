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
 * Server side: checks an ID token, the short-lived proof of sign-in the browser's identity provider
 * hands out (SPEC §7). Production: firebase-admin; embedded: the local identity server's tokens.
 */
export interface IdTokenVerifier {
  /** The token's user, or null for a missing, expired, tampered or revoked token. */
  verify(idToken: string): Promise<SessionUser | null>;
}

/** A session credential and how long the cookie that carries it may live. */
export interface IssuedSession {
  readonly credential: string;
  readonly maxAgeSeconds: number;
}

/**
 * Server side: trades a verified ID token for a session credential that SessionVerifier accepts.
 * Every call gives a new value, so a sign-in never keeps a credential from before (session fixation).
 */
export interface SessionIssuer {
  issue(idToken: string, user: SessionUser): Promise<IssuedSession>;
}

/**
 * Server side: ends every session a user holds, on sign-out, password change and deletion. The
 * verifier of the same provider then refuses every credential issued to the user before the call.
 */
export interface SessionRevoker {
  revoke(uid: string): Promise<void>;
}

/**
 * Server side, for providers whose accounts are deleted in the browser (Firebase): the proof that
 * a user is gone — an ID token the user held just before, and the provider no longer knowing them —
 * so that what the site keeps about them (profile, orders) can follow.
 */
export interface DeletedAccountVerifier {
  /** The deleted user's uid; null for a bad token or a user who still exists. */
  deletedUid(idToken: string): Promise<string | null>;
}

/**
 * Server side: the signed-in user of a request, from its Cookie header — the session cookie under
 * the name the deployment gives it, and whatever the provider binds that cookie to (the embedded
 * identity server: its own session cookie), so that a session cookie set by a sibling origin
 * (cookie tossing) without what it is bound to is refused.
 */
export interface RequestSessionVerifier {
  /** The user, or null for no session, or one that is expired, tampered, revoked or not bound to this browser. */
  userOf(cookieHeader: string | null | undefined): Promise<SessionUser | null>;
}

/** The cookie that carries the session credential where cookies cannot be Secure (development over plain http). */
export const SESSION_COOKIE = "__session";
/**
 * ...and where they are Secure (production): a `__Host-` cookie is Secure, Path=/ and has no
 * Domain, so no other host (a sibling subdomain, a page over plain http) can set it.
 */
export const HOST_SESSION_COOKIE = "__Host-session";

/**
 * Set and cleared with the session cookie, and readable by the page's script: only a hint (never
 * trusted by the server) that lets the header of a page every visitor shares say "My account"
 * rather than "Sign in" without loading the identity provider. Its value is the session user's
 * digest (signedInHintOf): the account pages tell by it whether the session is already their user's.
 */
export const SIGNED_IN_HINT_COOKIE = "arena_signed_in";
