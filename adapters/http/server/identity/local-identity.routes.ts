import { createHash } from "node:crypto";
import { Schema } from "effect";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  accountErrorKey,
  displayNameOf,
  Email,
  inProcessFailureCounters,
  inProcessRateLimiters,
  newUserProfile,
  Password,
  retryAfterSecondsOf,
  SIGN_IN_BACKOFF,
  SIGN_IN_FAILURES_KEPT_MS,
  signInBackoffRemainingMs,
  type AccountUser,
  type FailureCounters,
  type LocaleCode,
  type RateLimiter,
  type RateLimiters,
  type SignInBackoffPolicy,
} from "../../../../core";
import { apiError, decodeJsonBody } from "../api-error";
import { addressKey, clientAddress } from "../client-address";
import { sameOriginWrites } from "../origin-check.middleware";
import { CLIENT_IP_HEADER, createBetterAuth, MAIL_LOCALE_HEADER, RECENT_SIGN_IN_S, type BetterAuthServerOptions } from "../../../embedded/identity/better-auth.server";
import { isCommonPassword } from "../../../embedded/identity/common-passwords";
import {
  ChangePasswordBody,
  MailRequestBody,
  ResetCodeBody,
  ResetPasswordBody,
  SignInBody,
  SignInWithLinkBody,
  SignUpBody,
  UpdateUserBody,
  VerifyEmailBody,
} from "../../local-identity-api.schema";

export interface RateLimitRule {
  readonly limit: number;
  readonly windowMs: number;
}

export interface IdentityRateLimits {
  /** Every identity request, per client address. */
  readonly anyPerAddress: RateLimitRule;
  /** Sign-in attempts per address, whichever accounts they name (the failures per account are the backoff's). */
  readonly signInPerAddress: RateLimitRule;
  readonly signUpPerAddress: RateLimitRule;
  /** Password-reset, verification and sign-in link mails, counted together. */
  readonly mailPerAddress: RateLimitRule;
  readonly mailPerAccount: RateLimitRule;
  /** Mails to an address's owner about registration attempts; past it they are left out, silently. */
  readonly registrationAttemptMailsPerAccount: RateLimitRule;
}

const MINUTE = 60_000;

export const IDENTITY_RATE_LIMITS: IdentityRateLimits = {
  anyPerAddress: { limit: 120, windowMs: MINUTE },
  signInPerAddress: { limit: 10, windowMs: MINUTE },
  signUpPerAddress: { limit: 10, windowMs: MINUTE },
  mailPerAddress: { limit: 5, windowMs: MINUTE },
  mailPerAccount: { limit: 3, windowMs: 15 * MINUTE },
  registrationAttemptMailsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
};

export interface LocalIdentityRoutesOptions extends Omit<BetterAuthServerOptions, "trustedOrigins"> {
  /** The origins of the site's pages (the public origin, the locale domains): the only ones that may change state. */
  readonly allowedOrigins: readonly string[];
  /** TRUSTED_PROXY: how many proxies in front of the server append to X-Forwarded-For; 0 reads the socket alone. */
  readonly trustedProxies: number;
  readonly limits?: Partial<IdentityRateLimits>;
  /** Where requests are counted; this process alone unless said (several server processes share one). */
  readonly rateLimiters?: RateLimiters;
  /** Where failed sign-ins are counted for the backoff; this process alone unless said. */
  readonly failureCounters?: FailureCounters;
  readonly signInBackoff?: SignInBackoffPolicy;
  readonly now?: () => number;
}

type Limiters = { readonly [Rule in keyof IdentityRateLimits]: RateLimiter };

/**
 * What a form posted to its page without JavaScript asks of the identity server: the same
 * operations as the routes', with their rate limits and checks, on the page request's own
 * context (its address, its cookies). Each answers as its route does.
 */
export interface LocalIdentityOperations {
  signUp(c: Context, body: SignUpBody): Promise<Response>;
  signIn(c: Context, body: SignInBody): Promise<Response>;
  requestPasswordReset(c: Context, body: MailRequestBody): Promise<Response>;
  requestSignInLink(c: Context, body: MailRequestBody): Promise<Response>;
  signInWithLink(c: Context, body: SignInWithLinkBody): Promise<Response>;
  verifyEmail(c: Context, body: VerifyEmailBody): Promise<Response>;
  resetPassword(c: Context, body: ResetPasswordBody): Promise<Response>;
  checkResetCode(c: Context, body: ResetCodeBody): Promise<Response>;
  /** Ends every session of the signed-in user, on every device. */
  signOut(c: Context): Promise<Response>;
}

/**
 * The local identity server, mounted at `/api/auth` (SPEC §1, §7 on the embedded defaults): our
 * routes in front of better-auth, one per operation of the browser's IdentityPort, and nothing
 * else of better-auth's. In front of it they add what it lacks (STACK-NOTES): the origin check on
 * every state-changing request, rate limits per socket address and per account with Retry-After,
 * the common-password refusal, recent sign-in for password change and deletion, the pending
 * user's limits, and revocation of every session on sign-out, password change and deletion.
 * Errors answer `{ error: { code, message } }`: better-auth's code (or the account error set's
 * own) and its i18n key. Session tokens never reach the page: bodies carry the user only.
 * The operations are also handed out for the pages' plain form posts.
 */
export function createLocalIdentityServer(options: LocalIdentityRoutesOptions): { readonly routes: Hono; readonly operations: LocalIdentityOperations } {
  const now = options.now ?? Date.now;
  const rules = { ...IDENTITY_RATE_LIMITS, ...options.limits };
  const rateLimiters = options.rateLimiters ?? inProcessRateLimiters(now);
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, rateLimiters.limiter(`identity-${name}`, rule)]),
  ) as unknown as Limiters;
  const accountKey = (email: string) => email.trim().toLowerCase();
  const auth = createBetterAuth({
    ...options,
    trustedOrigins: options.allowedOrigins,
    mayTellOwner: async (email) => (await limiters.registrationAttemptMailsPerAccount.take(accountKey(email))).allowed,
  });
  const isAccount = options.db.prepare<[string], { id: string }>(`SELECT id FROM "user" WHERE id = ?`);
  const { sessions } = options;
  const failureCounters = options.failureCounters ?? inProcessFailureCounters(now);
  const signInFailures = {
    accountAndAddress: failureCounters.counter("sign-in-account-and-address", { forgetAfterMs: SIGN_IN_FAILURES_KEPT_MS.accountAndAddress }),
    account: failureCounters.counter("sign-in-account", { forgetAfterMs: SIGN_IN_FAILURES_KEPT_MS.account }),
  };
  const signInBackoff = options.signInBackoff ?? SIGN_IN_BACKOFF;

  const addressOf = (c: Context) => addressKey(clientAddress(c.req.raw, options.trustedProxies));
  const limited = async (c: Context, rule: keyof IdentityRateLimits, key: string): Promise<Response | undefined> => {
    const decision = await limiters[rule].take(key);
    return decision.allowed ? undefined : apiError(c, "too-many-requests", { retryAfterSeconds: decision.retryAfterSeconds });
  };

  /** Hands the operation to better-auth, with the client's address and the mail language in our own headers only. */
  const forward = (c: Context, path: string, init: { body?: unknown; query?: Record<string, string>; locale?: LocaleCode } = {}) => {
    const url = new URL(`/api/auth${path}`, c.req.url);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
    const headers = new Headers(c.req.raw.headers);
    for (const name of [CLIENT_IP_HEADER, MAIL_LOCALE_HEADER, "content-length", "transfer-encoding", "content-type"]) headers.delete(name);
    const address = clientAddress(c.req.raw, options.trustedProxies);
    if (address) headers.set(CLIENT_IP_HEADER, address);
    if (init.locale) headers.set(MAIL_LOCALE_HEADER, init.locale);
    if (init.body === undefined) return auth.handler(new Request(url, { method: "GET", headers }));
    headers.set("content-type", "application/json");
    return auth.handler(new Request(url, { method: "POST", headers, body: JSON.stringify(init.body) }));
  };

  const currentSession = (c: Context) => auth.api.getSession({ headers: c.req.raw.headers });

  /**
   * A changed password is told to the account's owner, in the account's language (OWASP ASVS
   * V2.2.3: a change they did not make is taken back through a reset link). Sent in the
   * background as the provider's other mails: the outbox retries, a refusal is logged.
   */
  const tellOwnerOfPasswordChange = async (uid: string, to: string) => {
    const locale = (await options.userProfiles.get(uid).catch(() => null))?.preferredLanguage ?? options.defaultLocale;
    options.mail
      .send({ to, locale, template: "passwordChanged", params: { link: options.links.forgotPassword(locale) } })
      .catch((error: unknown) => options.logger.error("identity.mail-not-accepted", { template: "passwordChanged", error: String(error) }));
  };

  /** Password change and deletion: a signed-in, verified user who signed in lately. */
  const guard = async (c: Context, { recentSignIn, verified }: { recentSignIn: boolean; verified: boolean }) => {
    const session = await currentSession(c);
    if (!session) return { refusal: accountError(c, 401, "UNAUTHORIZED") } as const;
    if (verified && !session.user.emailVerified) return { refusal: accountError(c, 403, "EMAIL_NOT_VERIFIED") } as const;
    if (recentSignIn && now() - new Date(session.session.createdAt).getTime() > RECENT_SIGN_IN_S * 1000) {
      return { refusal: accountError(c, 403, "requires-recent-login") } as const;
    }
    return { uid: session.user.id, email: session.user.email } as const;
  };

  const app = new Hono();
  app.use(async (c, next) => {
    c.header("Cache-Control", "no-store");
    return (await limited(c, "anyPerAddress", addressOf(c))) ?? next();
  });
  app.use(sameOriginWrites(options.allowedOrigins));

  /** Whether an account has the address (better-auth keeps addresses in lower case). */
  const isKnownAddress = (email: string) => options.db.prepare(`SELECT 1 FROM "user" WHERE email = ?`).get(accountKey(email)) !== undefined;

  // Reset, resend and sign-in links answer alike for known and unknown addresses, and in the same
  // time (issue 48 item 9): better-auth's body is the same for both, but only a known address makes
  // it write a code and queue a mail, which a stopwatch could tell. So the answer comes first, and
  // better-auth does its work after it, off the response path. A sign-in link goes to accounts
  // only: better-auth's own would mail any address.
  const mailRequest = (path: string, { accountsOnly = false } = {}) => async (c: Context, { email, locale }: MailRequestBody) => {
    const tooMany = await limited(c, "mailPerAddress", addressOf(c));
    if (tooMany) return tooMany;
    const problem = emailProblem(email);
    if (problem) return accountError(c, 400, problem);
    const refused = await limited(c, "mailPerAccount", accountKey(email));
    if (refused) return refused;
    setImmediate(() => {
      const work = async () => {
        if (accountsOnly && !isKnownAddress(email)) return;
        const response = await forward(c, path, { body: { email }, locale });
        if (!response.ok) options.logger.error("identity.mail-request-failed", { path, status: response.status });
        await response.body?.cancel();
      };
      work().catch((error: unknown) => options.logger.error("identity.mail-request-failed", { path, error: String(error) }));
    });
    return c.json({}, 200, { "Cache-Control": "no-store" });
  };

  const operations: LocalIdentityOperations = {
    // The same answer for a new and a known address, and no session (issue 48 item 9): the new
    // account's mail is its verification link, the known one's owner is told of the attempt.
    async signUp(c, { email, password, name, surname, locale }) {
      const tooMany = await limited(c, "signUpPerAddress", addressOf(c));
      if (tooMany) return tooMany;
      const problem = emailProblem(email) ?? passwordProblem(password);
      if (problem) return accountError(c, 400, problem);
      const response = await forward(c, "/sign-up/email", { body: { email, password, name: displayNameOf(name, surname) }, locale });
      if (!response.ok) return answer(response, () => ({}));
      // better-auth names a made-up user for a known address: only a created one is in its table.
      const uid = ((await response.clone().json()) as { user?: { id?: string } } | null)?.user?.id;
      if (uid && isAccount.get(uid)) {
        // The account exists from here on: a profile not stored now is completed from the dashboard's details form.
        await options.userProfiles
          .upsert(newUserProfile(uid, { name, surname, preferredLanguage: locale, privacyPolicy: true }, new Date(now()).toISOString()))
          .catch((error: unknown) => options.logger.error("identity.new-profile-not-stored", { error: String(error) }));
      }
      return answer(response, () => ({}));
    },
    async signIn(c, { email, password }) {
      const tooMany = await limited(c, "signInPerAddress", addressOf(c));
      if (tooMany) return tooMany;
      const problem = emailProblem(email);
      if (problem) return accountError(c, 400, problem);
      // Backoff, not lockout (issue 48 item 3): an address waits for its own failures on the
      // account; the owner's right password from an address that has not failed is always checked.
      const account = accountKey(email);
      const here = `${account} ${addressOf(c)}`;
      const [accountAndAddress, accountFailures] = await Promise.all([signInFailures.accountAndAddress.read(here), signInFailures.account.read(account)]);
      const wait = signInBackoffRemainingMs({ accountAndAddress, account: accountFailures }, signInBackoff, now());
      if (wait > 0) return apiError(c, "too-many-requests", { retryAfterSeconds: retryAfterSecondsOf(wait) });
      const response = await forward(c, "/sign-in/email", { body: { email, password, rememberMe: true } });
      if (response.ok) await signInFailures.accountAndAddress.forget(here);
      else if (response.status === 401) await Promise.all([signInFailures.accountAndAddress.fail(here), signInFailures.account.fail(account)]);
      return userAnswer(response);
    },
    requestPasswordReset: mailRequest("/request-password-reset"),
    requestSignInLink: mailRequest("/sign-in/magic-link", { accountsOnly: true }),
    // A POST with the address typed again, not better-auth's GET with the code alone: a link that
    // is forwarded, or fetched by a mail scanner, signs nobody in and is not used up.
    async signInWithLink(c, { code, email }) {
      const tooMany = await limited(c, "signInPerAddress", addressOf(c));
      if (tooMany) return tooMany;
      const problem = emailProblem(email);
      if (problem) return accountError(c, 400, problem);
      const sentTo = signInLinkAddress(code);
      // Used, expired or never sent: SPEC §8's expired-action-code, whose page offers a new link.
      if (sentTo === undefined) return accountError(c, 400, "expired-action-code");
      if (sentTo !== accountKey(email)) return accountError(c, 400, "invalid-action-code");
      const response = await forward(c, "/magic-link/verify", { query: { token: code } });
      // better-auth answers a used or expired code with a redirect to an error page of its own.
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        return accountError(c, 400, "expired-action-code");
      }
      return userAnswer(response);
    },
    // A POST, not better-auth's GET: applying the code changes state, and a mail scanner that
    // follows the link must not use it up.
    async verifyEmail(c, { code }) {
      return answer(await forward(c, "/verify-email", { query: { token: code } }), () => ({}));
    },
    async resetPassword(c, { code, newPassword }) {
      const problem = passwordProblem(newPassword);
      if (problem) return accountError(c, 400, problem);
      return answer(await forward(c, "/reset-password", { body: { token: code, newPassword } }), () => ({}));
    },
    // better-auth's link callback looks the code up without using it, and redirects with an error when it cannot be used.
    async checkResetCode(c, { code }) {
      const callbackURL = `${new URL(c.req.url).origin}/`;
      const response = await forward(c, `/reset-password/${encodeURIComponent(code)}`, { query: { callbackURL } });
      const location = response.headers.get("location");
      const usable = location !== null && !new URL(location, callbackURL).searchParams.has("error");
      return usable ? c.json({}, 200, { "Cache-Control": "no-store" }) : accountError(c, 400, "INVALID_TOKEN");
    },
    async signOut(c) {
      const session = await currentSession(c);
      const response = await forward(c, "/sign-out", { body: {} });
      if (response.ok && session) await sessions.revoker.revoke(session.user.id);
      return answer(response, () => ({ user: null }));
    },
  };

  /** The address a pending sign-in link was sent to, as better-auth's magic-link plugin keeps it (a hash of the code names it). */
  const signInLinkAddress = (code: string): string | undefined => {
    const identifier = `magic-link:${createHash("sha256").update(code).digest("base64url")}`;
    const row = options.db.prepare(`SELECT value FROM verification WHERE identifier = ? ORDER BY createdAt DESC LIMIT 1`).get(identifier) as { value: string } | undefined;
    try {
      const email = row ? (JSON.parse(row.value) as { email?: unknown }).email : undefined;
      return typeof email === "string" ? accountKey(email) : undefined;
    } catch {
      return undefined;
    }
  };

  /** A route that decodes its JSON body, then runs the operation. */
  const route =
    <A>(schema: Schema.Codec<A, unknown>, operation: (c: Context, body: A) => Promise<Response>) =>
    async (c: Context) => {
      const body = await decodeJsonBody(c, schema);
      return body.ok ? operation(c, body.value) : body.response;
    };

  app.post("/sign-up/email", route(SignUpBody, operations.signUp));
  app.post("/sign-in/email", route(SignInBody, operations.signIn));

  app.post("/sign-out", (c) => operations.signOut(c));

  app.post("/send-verification-email", route(MailRequestBody, mailRequest("/send-verification-email")));
  app.post("/request-password-reset", route(MailRequestBody, operations.requestPasswordReset));
  app.post("/verify-email", route(VerifyEmailBody, operations.verifyEmail));
  app.post("/reset-password", route(ResetPasswordBody, operations.resetPassword));
  app.post("/check-reset-code", route(ResetCodeBody, operations.checkResetCode));
  app.post("/sign-in-link", route(MailRequestBody, operations.requestSignInLink));
  app.post("/sign-in-with-link", route(SignInWithLinkBody, operations.signInWithLink));

  app.post("/update-user", async (c) => {
    const allowed = await guard(c, { recentSignIn: false, verified: true });
    if ("refusal" in allowed) return allowed.refusal;
    const body = await decodeJsonBody(c, UpdateUserBody);
    if (!body.ok) return body.response;
    const response = await forward(c, "/update-user", { body: { name: body.value.displayName } });
    if (!response.ok) return answer(response, () => ({}));
    const session = await currentSession(c);
    return answer(response, () => ({ user: session ? accountUserOf(session.user) : null }));
  });

  app.post("/change-password", async (c) => {
    const allowed = await guard(c, { recentSignIn: true, verified: true });
    if ("refusal" in allowed) return allowed.refusal;
    const body = await decodeJsonBody(c, ChangePasswordBody);
    if (!body.ok) return body.response;
    const { currentPassword, newPassword } = body.value;
    const problem = passwordProblem(newPassword);
    if (problem) return accountError(c, 400, problem);
    // better-auth ends the other browser sessions only when asked to, and renews this one.
    const response = await forward(c, "/change-password", { body: { currentPassword, newPassword, revokeOtherSessions: true } });
    if (response.ok) {
      sessions.refuseEarlierCredentials(allowed.uid);
      await tellOwnerOfPasswordChange(allowed.uid, allowed.email);
    }
    return userAnswer(response);
  });

  app.post("/delete-user", async (c) => {
    const allowed = await guard(c, { recentSignIn: true, verified: false });
    if ("refusal" in allowed) return allowed.refusal;
    return answer(await forward(c, "/delete-user", { body: {} }), () => ({ user: null }));
  });

  app.get("/get-session", async (c) => userAnswer(await forward(c, "/get-session")));

  /** SPEC §7: the ID token the browser trades at /api/__session and sends as Bearer. */
  app.get("/id-token", async (c) => {
    const session = await currentSession(c);
    const minted = session ? sessions.mintIdToken(session.user.id, session.session.token) : null;
    return minted ? c.json(minted) : accountError(c, 401, "UNAUTHORIZED");
  });

  return { routes: app, operations };
}

/** The account error of a field the account's rules refuse, as Firebase names it. */
function emailProblem(email: string): string | undefined {
  return Schema.is(Email)(email) ? undefined : "invalid-email";
}

function passwordProblem(password: string): string | undefined {
  return Schema.is(Password)(password) && !isCommonPassword(password) ? undefined : "weak-password";
}

function accountError(c: Context, status: ContentfulStatusCode, code: string): Response {
  return c.json({ error: { code, message: accountErrorKey(code) } }, status, { "Cache-Control": "no-store" });
}

interface BetterAuthUser {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
}

function accountUserOf(user: BetterAuthUser): AccountUser {
  return { uid: user.id, email: user.email, emailVerified: user.emailVerified, displayName: user.name || null };
}

/** better-auth's answer with our body: its cookies kept, its session token left out. */
async function answer(response: Response, body: (json: unknown) => unknown): Promise<Response> {
  const json: unknown = await response.json().catch(() => null);
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (response.ok) return new Response(JSON.stringify(body(json)), { status: response.status, headers });
  const given = (json as { code?: unknown } | null)?.code;
  // better-auth's 429s and some refusals carry no code: the status says what happened.
  const code = typeof given === "string" ? given : response.status === 429 ? "too-many-requests" : response.status === 401 ? "UNAUTHORIZED" : "generic";
  return new Response(JSON.stringify({ error: { code, message: accountErrorKey(code) } }), { status: response.status, headers });
}

/** Answers with the user that better-auth's body names (sign-up, sign-in, session), or null. */
function userAnswer(response: Response): Promise<Response> {
  return answer(response, (json) => {
    const user = (json as { user?: BetterAuthUser } | null)?.user;
    return { user: user ? accountUserOf(user) : null };
  });
}
