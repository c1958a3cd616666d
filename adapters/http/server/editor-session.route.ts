import type { MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { serialize } from "hono/utils/cookie";
import {
  backoffRemainingMs,
  EDITOR_FAILURES_KEPT_MS,
  EDITOR_SIGN_IN_BACKOFF,
  EditorSignIn,
  inProcessFailureCounters,
  inProcessRateLimiters,
  readCookie,
  retryAfterSecondsOf,
  type BackoffSchedule,
  type FailureCounters,
  type RateLimiters,
} from "../../../core";
import type { EditorPassword } from "../../embedded/editor/editor-password";
import type { EditorSessions } from "../../embedded/editor/editor-sessions";
import { apiError, decodeJsonBody } from "./api-error";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";

/** The editor's session: HttpOnly, SameSite=Strict, sent to the editor's paths only. */
export const EDITOR_SESSION_COOKIE = "arena_editor";
export const EDITOR_PATH = "/_editor";
export const EDITOR_SESSION_SECONDS = 8 * 60 * 60;
/** The one account the editor's failures are counted under: the password is the account. */
const EDITOR_ACCOUNT = "editor";

export interface EditorSessionOptions {
  readonly password: EditorPassword;
  readonly sessions: EditorSessions;
  readonly publicOrigin: string;
  readonly secureCookies: boolean;
  /** TRUSTED_PROXY: how many proxies append to X-Forwarded-For; 0 reads the socket alone. */
  readonly trustedProxies: number;
  /** Sign-in attempts per client address and minute. Default 5. */
  readonly attemptsPerMinute?: number;
  /** Where attempts are counted; this process alone unless said. */
  readonly rateLimiters?: RateLimiters;
  /** Where failed passwords are counted, from every address together; this process alone unless said. */
  readonly failureCounters?: FailureCounters;
  readonly backoff?: BackoffSchedule;
  readonly now?: () => number;
}

/**
 * Signing in to the embedded editor and out of it: `POST /` with the password (argon2id), `DELETE /`.
 * Every attempt counts against the client's address (429 past the limit, the password not even
 * checked); wrong passwords count against the editor's one account from every address together,
 * with a backoff (429 with Retry-After, unchecked); a state-changing request from another origin
 * is refused (403). Signing out ends the session server side.
 */
export function editorSessionRoute(options: EditorSessionOptions): Hono {
  const now = options.now ?? Date.now;
  const limiter = (options.rateLimiters ?? inProcessRateLimiters(now)).limiter("editor-sign-in", { limit: options.attemptsPerMinute ?? 5, windowMs: 60_000 });
  const failures = (options.failureCounters ?? inProcessFailureCounters(now)).counter("editor-sign-in-failures", { forgetAfterMs: EDITOR_FAILURES_KEPT_MS });
  const backoff = options.backoff ?? EDITOR_SIGN_IN_BACKOFF;
  const cookie = (value: string, maxAge: number) =>
    serialize(EDITOR_SESSION_COOKIE, value, { path: EDITOR_PATH, httpOnly: true, sameSite: "Strict", secure: options.secureCookies, maxAge });
  return new Hono()
    .use(sameOriginWrites([options.publicOrigin]))
    .post("/", async (c) => {
      const decision = await limiter.take(addressKey(clientAddress(c.req.raw, options.trustedProxies)));
      if (!decision.allowed) return apiError(c, "too-many-requests", { retryAfterSeconds: decision.retryAfterSeconds });
      const body = await decodeJsonBody(c, EditorSignIn);
      if (!body.ok) return body.response;
      const wait = backoffRemainingMs(await failures.read(EDITOR_ACCOUNT), backoff, now());
      if (wait > 0) return apiError(c, "too-many-requests", { retryAfterSeconds: retryAfterSecondsOf(wait) });
      // Counted before the check, taken back on success: guesses that arrive together all count.
      await failures.fail(EDITOR_ACCOUNT);
      if (!(await options.password.matches(body.value.password))) return apiError(c, "wrong-password");
      await failures.forget(EDITOR_ACCOUNT);
      const credential = await options.sessions.open();
      // The password is known before a sign-in can match it; this is the instant between.
      if (!credential) return apiError(c, "busy", { retryAfterSeconds: 1 });
      c.header("Set-Cookie", cookie(credential, EDITOR_SESSION_SECONDS));
      c.header("Cache-Control", "no-store");
      return c.body(null, 204);
    })
    .delete("/", async (c) => {
      const credential = readCookie(c.req.header("Cookie"), EDITOR_SESSION_COOKIE);
      if (credential) await options.sessions.close(credential);
      c.header("Set-Cookie", cookie("", 0));
      c.header("Cache-Control", "no-store");
      return c.body(null, 204);
    });
}

/** Whether a request's Cookie header carries an open editor session. */
export async function isEditorSession(cookieHeader: string | undefined, sessions: EditorSessions): Promise<boolean> {
  const credential = readCookie(cookieHeader, EDITOR_SESSION_COOKIE);
  return credential !== undefined && (await sessions.isOpen(credential));
}

/** The editor's API answers only to a signed-in editor (401), never cached, never indexed. */
export function editorOnly(sessions: EditorSessions): MiddlewareHandler {
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (!(await isEditorSession(c.req.header("Cookie"), sessions))) return apiError(c, "unauthorized");
    await next();
  };
}
