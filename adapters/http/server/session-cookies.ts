import { serialize } from "hono/utils/cookie";
import { SIGNED_IN_HINT_COOKIE, sessionCookieName, signedInHintOf, type SessionUser } from "../../../core";

/**
 * The Set-Cookie lines that open a session for `user`: the credential (HttpOnly, SameSite=Lax;
 * Secure and named `__Host-session` in production, `__session` elsewhere), and beside it, for the
 * same time, the hint the page's script may read: the user's digest.
 */
export function sessionCookies(session: { readonly credential: string; readonly maxAgeSeconds: number }, user: SessionUser, secure: boolean): string[] {
  const options = { path: "/", sameSite: "Lax", secure, maxAge: session.maxAgeSeconds } as const;
  return [
    serialize(sessionCookieName(secure), session.credential, { ...options, httpOnly: true }),
    serialize(SIGNED_IN_HINT_COOKIE, signedInHintOf(user), options),
  ];
}

/** The Set-Cookie lines that end the session in this browser. */
export function clearedSessionCookies(secure: boolean): string[] {
  const options = { path: "/", sameSite: "Lax", secure, maxAge: 0, expires: new Date(0) } as const;
  return [serialize(sessionCookieName(secure), "", { ...options, httpOnly: true }), serialize(SIGNED_IN_HINT_COOKIE, "", options)];
}
