import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import {
  SessionTokenPayload,
  type IdTokenVerifier,
  type SessionIssuer,
  type RequestSessionVerifier,
  type SessionRevoker,
  type SpentTokensPort,
} from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { sameOriginWrites } from "./origin-check.middleware";
import { clearedSessionCookies, sessionCookies } from "./session-cookies";

export interface SessionRouteOptions {
  readonly idTokens: IdTokenVerifier;
  readonly issuer: SessionIssuer;
  /** The provider's sessions of a request: a browser that already holds the session of a spent token is answered, not refused. */
  readonly sessions: RequestSessionVerifier;
  /** Where traded ID tokens are remembered, for every server process (and machine) together. */
  readonly spentTokens: SpentTokensPort;
  /** The longest an ID token of the provider lives (Firebase: one hour): how long a spent one is remembered. */
  readonly idTokenLifetimeSeconds: number;
  /** Production: the cookie is sent over HTTPS only. */
  readonly secureCookie: boolean;
  /** The origins of the site's pages, the only ones that may set or clear the session. */
  readonly allowedOrigins: readonly string[];
  /**
   * Where the provider's own sign-out does not end the user's other sessions (Firebase's does not):
   * clearing the session revokes every session of the cookie's user.
   */
  readonly signOutEverywhere?: { readonly revoker: SessionRevoker };
  readonly now?: () => number;
}

/**
 * SPEC §7, `/api/__session`: when the browser's user changes it posts a fresh ID token (or null),
 * and gets the `__session` cookie that server rendering reads set (or cleared). Each sign-in gets
 * a new credential, never one the browser already had (session fixation), and an ID token is
 * traded once (issue 48 item 13): posted again, it gets no new credential — the browser that holds
 * the session it made is told its user, any other is refused. DELETE clears the cookie too. The
 * signed-in hint cookie follows the session cookie. Answers with the session's user, or null.
 */
export function sessionRoute(options: SessionRouteOptions): Hono {
  const now = options.now ?? Date.now;
  const clearCookies = (c: Context) => {
    for (const line of clearedSessionCookies(options.secureCookie)) c.header("Set-Cookie", line, { append: true });
  };
  const cookieUser = (c: Context) => options.sessions.userOf(c.req.header("Cookie"));
  const cleared = async (c: Context) => {
    const everywhere = options.signOutEverywhere;
    const user = everywhere ? await cookieUser(c) : null;
    if (user && everywhere) await everywhere.revoker.revoke(user.uid);
    clearCookies(c);
    return c.json({ user: null }, 200, { "Cache-Control": "no-store" });
  };
  const refused = (c: Context) => {
    clearCookies(c);
    return apiError(c, "unauthorized");
  };

  return new Hono()
    .use(sameOriginWrites(options.allowedOrigins))
    .post("/", async (c) => {
      const body = await decodeJsonBody(c, SessionTokenPayload);
      if (!body.ok) return body.response;
      const { token } = body.value;
      if (token === null) return await cleared(c);
      const user = await options.idTokens.verify(token);
      if (!user) return refused(c);
      // Checked once the token is genuine: forged ones leave nothing behind.
      const digest = createHash("sha256").update(token).digest("base64url");
      if (!(await options.spentTokens.spend(digest, now() + options.idTokenLifetimeSeconds * 1000))) {
        // A retry, or a reload before the provider refreshed its token: the session is there already.
        if ((await cookieUser(c))?.uid === user.uid) return c.json({ user }, 200, { "Cache-Control": "no-store" });
        return refused(c);
      }
      const session = await options.issuer.issue(token, user);
      for (const line of sessionCookies(session, user, options.secureCookie)) c.header("Set-Cookie", line, { append: true });
      return c.json({ user }, 200, { "Cache-Control": "no-store" });
    })
    .delete("/", cleared);
}
