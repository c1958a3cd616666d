import type { MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { serialize } from "hono/utils/cookie";
import { EditorSignIn, inProcessRateLimiters, readCookie, type RateLimiters } from "../../../core";
import type { EditorPassword } from "../../local/editor/editor-password";
import type { SignedSessions } from "../../local/signed-session.adapter";
import { apiError, decodeJsonBody } from "./api-error";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";

/** The editor's session: HttpOnly, SameSite=Strict, sent to the editor's paths only. */
export const EDITOR_SESSION_COOKIE = "arena_editor";
export const EDITOR_PATH = "/_editor";
const SESSION_SECONDS = 8 * 60 * 60;
/** The one editor the embedded defaults have: the password is the account. */
const EDITOR = { uid: "editor", email: "editor@embedded.invalid", emailVerified: true, displayName: "Editor" } as const;

export interface EditorSessionOptions {
  readonly password: EditorPassword;
  /** Credentials made for the editor only (purpose "editor"). */
  readonly sessions: SignedSessions;
  readonly publicOrigin: string;
  readonly secureCookies: boolean;
  /** TRUSTED_PROXY: how many proxies append to X-Forwarded-For; 0 reads the socket alone. */
  readonly trustedProxies: number;
  /** Sign-in attempts per client address and minute. Default 5. */
  readonly attemptsPerMinute?: number;
  /** Where attempts are counted; this process alone unless said. */
  readonly rateLimiters?: RateLimiters;
  readonly now?: () => number;
}

/**
 * Signing in to the embedded editor and out of it: `POST /` with the password (argon2id), `DELETE /`.
 * Every attempt counts against the client's address (429 past the limit, the password not even
 * checked), and a state-changing request from another origin is refused (403).
 */
export function editorSessionRoute(options: EditorSessionOptions): Hono {
  const limiter = (options.rateLimiters ?? inProcessRateLimiters(options.now)).limiter("editor-sign-in", { limit: options.attemptsPerMinute ?? 5, windowMs: 60_000 });
  const cookie = (value: string, maxAge: number) =>
    serialize(EDITOR_SESSION_COOKIE, value, { path: EDITOR_PATH, httpOnly: true, sameSite: "Strict", secure: options.secureCookies, maxAge });
  return new Hono()
    .use(sameOriginWrites([options.publicOrigin]))
    .post("/", async (c) => {
      const decision = limiter.take(addressKey(clientAddress(c.req.raw, options.trustedProxies)));
      if (!decision.allowed) return apiError(c, "too-many-requests", { retryAfterSeconds: decision.retryAfterSeconds });
      const body = await decodeJsonBody(c, EditorSignIn);
      if (!body.ok) return body.response;
      if (!(await options.password.matches(body.value.password))) return apiError(c, "wrong-password");
      c.header("Set-Cookie", cookie(options.sessions.issue(EDITOR, { lifetimeSeconds: SESSION_SECONDS }), SESSION_SECONDS));
      c.header("Cache-Control", "no-store");
      return c.body(null, 204);
    })
    .delete("/", (c) => {
      c.header("Set-Cookie", cookie("", 0));
      c.header("Cache-Control", "no-store");
      return c.body(null, 204);
    });
}

/** Whether a request's Cookie header carries a valid editor session. */
export function isEditorSession(cookieHeader: string | undefined, sessions: SignedSessions): boolean {
  const credential = readCookie(cookieHeader, EDITOR_SESSION_COOKIE);
  return credential !== undefined && sessions.open(credential) !== null;
}

/** The editor's API answers only to a signed-in editor (401), never cached, never indexed. */
export function editorOnly(sessions: SignedSessions): MiddlewareHandler {
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (!isEditorSession(c.req.header("Cookie"), sessions)) return apiError(c, "unauthorized");
    await next();
  };
}
