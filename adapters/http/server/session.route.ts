import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE, SessionTokenPayload, type IdTokenVerifier, type SessionIssuer, type SessionRevoker, type SessionVerifier } from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { sameOriginWrites } from "./origin-check.middleware";

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
 * Answers with the session's user, or null.
 */
export function sessionRoute(options: SessionRouteOptions): Hono {
  const cookie = { path: "/", httpOnly: true, sameSite: "Lax", secure: options.secureCookie } as const;
  const cleared = async (c: Context) => {
    const credential = getCookie(c, SESSION_COOKIE);
    const everywhere = options.signOutEverywhere;
    const user = credential && everywhere ? await everywhere.sessions.verify(credential) : null;
    if (user && everywhere) await everywhere.revoker.revoke(user.uid);
    deleteCookie(c, SESSION_COOKIE, cookie);
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
        deleteCookie(c, SESSION_COOKIE, cookie);
        return apiError(c, "unauthorized");
      }
      const session = await options.issuer.issue(token, user);
      setCookie(c, SESSION_COOKIE, session.credential, { ...cookie, maxAge: session.maxAgeSeconds });
      return c.json({ user }, 200, { "Cache-Control": "no-store" });
    })
    .delete("/", cleared);
}
