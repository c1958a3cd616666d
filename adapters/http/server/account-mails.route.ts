import { Schema } from "effect";
import { Hono, type Context } from "hono";
import {
  Email,
  LOCALE_CODES,
  Name,
  Password,
  PrivacyPolicyConsent,
  selectOf,
  Surname,
  type AccountMails,
  type Logger,
  type RateLimiter,
  type RequestSessionVerifier,
} from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";

export interface AccountMailsRouteOptions {
  readonly mails: AccountMails;
  readonly sessions: RequestSessionVerifier;
  readonly limiters: {
    /** Registrations per client address. */
    readonly signUpPerAddress: RateLimiter;
    /** Reset and verification mails per client address, and per address asked for. */
    readonly mailPerAddress: RateLimiter;
    readonly mailPerAccount: RateLimiter;
  };
  readonly allowedOrigins: readonly string[];
  readonly trustedProxies: number;
  readonly logger: Logger;
  readonly now?: () => Date;
}

const Locale = selectOf(LOCALE_CODES);

/** The registration form's fields (SPEC §5), the consent given, and the page's language. */
const RegistrationPayload = Schema.Struct({
  email: Schema.String,
  password: Schema.String,
  name: Name,
  surname: Surname,
  privacyPolicy: PrivacyPolicyConsent,
  locale: Locale,
});
const PasswordResetPayload = Schema.Struct({ email: Schema.String, locale: Locale });
const VerificationPayload = Schema.Struct({ locale: Locale });

/**
 * The account mails the site writes itself, for providers whose browser SDK would tell a known
 * address apart or write in the page's language (Firebase), at /api/identity:
 *   POST /registration     `{ email, password, name, surname, privacyPolicy, locale }` → 200 `{}`
 *   POST /password-reset   `{ email, locale }` → 200 `{}`
 *   POST /verification     `{ locale }`, signed in → 200 `{}` (401 signed out)
 *   POST /password-changed `{}`, signed in, right after the browser changed the password → 200 `{}`
 * A new and a known address get the same answer and nobody is signed in (issue 48 item 9); what
 * the request itself shows is refused (400 invalid-email or weak-password, 422 a missing field or
 * consent, 429 past a limit). The reset's and the resend's work runs after the answer, so a known
 * address costs the request no more than an unknown one.
 */
export function accountMailsRoute(options: AccountMailsRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const { limiters } = options;
  const app = new Hono();
  app.use(async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  app.use(sameOriginWrites(options.allowedOrigins));

  const limited = async (c: Context, limiter: RateLimiter, key: string): Promise<Response | undefined> => {
    const decision = await limiter.take(key);
    return decision.allowed ? undefined : apiError(c, "too-many-requests", { retryAfterSeconds: decision.retryAfterSeconds });
  };
  const addressOf = (c: Context) => addressKey(clientAddress(c.req.raw, options.trustedProxies));
  const done = (c: Context) => c.json({}, 200);
  /** Started after the answer is on its way; a failure is logged (the outbox retries what it accepted). */
  const afterAnswer = (work: () => Promise<void>, event: string) => {
    setImmediate(() => work().catch((error: unknown) => options.logger.error(event, { error: String(error) })));
  };

  app.post("/registration", async (c) => {
    const tooMany = await limited(c, limiters.signUpPerAddress, addressOf(c));
    if (tooMany) return tooMany;
    const body = await decodeJsonBody(c, RegistrationPayload);
    if (!body.ok) return body.response;
    if (!Schema.is(Email)(body.value.email)) return apiError(c, "invalid-email");
    if (!Schema.is(Password)(body.value.password)) return apiError(c, "weak-password");
    await options.mails.register(body.value, now());
    return done(c);
  });

  app.post("/password-reset", async (c) => {
    const tooMany = await limited(c, limiters.mailPerAddress, addressOf(c));
    if (tooMany) return tooMany;
    const body = await decodeJsonBody(c, PasswordResetPayload);
    if (!body.ok) return body.response;
    const { email, locale } = body.value;
    if (!Schema.is(Email)(email)) return apiError(c, "invalid-email");
    const refused = await limited(c, limiters.mailPerAccount, email.trim().toLowerCase());
    if (refused) return refused;
    afterAnswer(() => options.mails.requestPasswordReset(email, locale), "identity.mail-request-failed");
    return done(c);
  });

  app.post("/verification", async (c) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    if (!user) return apiError(c, "unauthorized");
    const tooMany = await limited(c, limiters.mailPerAddress, addressOf(c)) ?? await limited(c, limiters.mailPerAccount, user.email.trim().toLowerCase());
    if (tooMany) return tooMany;
    const body = await decodeJsonBody(c, VerificationPayload);
    if (!body.ok) return body.response;
    afterAnswer(() => options.mails.sendVerification(user, body.value.locale), "identity.mail-request-failed");
    return done(c);
  });

  app.post("/password-changed", async (c) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    if (!user) return apiError(c, "unauthorized");
    const tooMany = await limited(c, limiters.mailPerAccount, user.email.trim().toLowerCase());
    if (tooMany) return tooMany;
    await options.mails.tellPasswordChanged(user, now());
    return done(c);
  });

  return app;
}
