import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE, SessionTokenPayload, type IdTokenVerifier, type SessionIssuer, type SessionRevoker, type SessionVerifier } from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { sameOriginWrites } from "./origin-check.middleware";
import { clearedSessionCookies, sessionCookies } from "./session-cookies";

export interface SessionRouteOptions {
  readonly idTokens: IdTokenVerifier;
  readonly issuer: SessionIssuer;
  /** Production: the cookie is sent over HTTPS only. */
  readonly secureCookie: boolean;
  /** The origins of the site's pages, the only ones that may set or clear the session. */
  readonly allowedOrigins: readonly string[];
  /**
   * Where the provider's own sign-out does not end the user's other sessions (Firebase's does not):
   * clearing the session revokes every session of the cookie's user.
   */
  readonly signOutEverywhere?: { readonly sessions: SessionVerifier; readonly revoker: SessionRevoker };
}

/**
 * SPEC §7, `/api/__session`: when the browser's user changes it posts a fresh ID token (or null),
 * and gets the `__session` cookie that server rendering reads set (or cleared). Each sign-in gets
 * a new credential, never one the browser already had (session fixation). DELETE clears it too.
 * The signed-in hint cookie follows the session cookie. Answers with the session's user, or null.
 */
export function sessionRoute(options: SessionRouteOptions): Hono {
  const clearCookies = (c: Context) => {
    for (const line of clearedSessionCookies(options.secureCookie)) c.header("Set-Cookie", line, { append: true });
  };
  const cleared = async (c: Context) => {
    const credential = getCookie(c, SESSION_COOKIE);
    const everywhere = options.signOutEverywhere;
    const user = credential && everywhere ? await everywhere.sessions.verify(credential) : null;
    if (user && everywhere) await everywhere.revoker.revoke(user.uid);
    clearCookies(c);
    return c.json({ user: null }, 200, { "Cache-Control": "no-store" });
  };

  return new Hono()
    .use(sameOriginWrites(options.allowedOrigins))
    .post("/", async (c) => {
      const body = await decodeJsonBody(c, SessionTokenPayload);
      if (!body.ok) return body.response;
      const { token } = body.value;
      if (token === null) return await cleared(c);
      const user = await options.idTokens.verify(token);
      if (!user) {
        clearCookies(c);
        return apiError(c, "unauthorized");
      }
      const session = await options.issuer.issue(token, user);
      for (const line of sessionCookies(session, options.secureCookie)) c.header("Set-Cookie", line, { append: true });
      return c.json({ user }, 200, { "Cache-Control": "no-store" });
    })
    .delete("/", cleared);
}
