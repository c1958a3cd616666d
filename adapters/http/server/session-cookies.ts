import { serialize } from "hono/utils/cookie";
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from "../../../core";

/**
 * The Set-Cookie lines that open a session: the credential (HttpOnly, SameSite=Lax, Secure in
 * production), and beside it, for the same time, the hint the page's script may read.
 */
export function sessionCookies(session: { readonly credential: string; readonly maxAgeSeconds: number }, secure: boolean): string[] {
  const options = { path: "/", sameSite: "Lax", secure, maxAge: session.maxAgeSeconds } as const;
  return [serialize(SESSION_COOKIE, session.credential, { ...options, httpOnly: true }), serialize(SIGNED_IN_HINT_COOKIE, "1", options)];
}

/** The Set-Cookie lines that end the session in this browser. */
export function clearedSessionCookies(secure: boolean): string[] {
  const options = { path: "/", sameSite: "Lax", secure, maxAge: 0, expires: new Date(0) } as const;
  return [serialize(SESSION_COOKIE, "", { ...options, httpOnly: true }), serialize(SIGNED_IN_HINT_COOKIE, "", options)];
}
