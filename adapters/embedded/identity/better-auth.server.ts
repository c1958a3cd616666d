import { createHmac } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { magicLink } from "better-auth/plugins/magic-link";
import { accountMailLocale, isLocaleCode, type LocaleCode, type Logger, type MailMessage, type MailPort, type UserProfilePort } from "../../../core";
import type { SqliteDatabase } from "../database/open-database";
import { SESSION_LIFETIME_S, type LocalSessions } from "./local-sessions";
import { immediateSqliteDialect } from "./immediate-sqlite-dialect";

/** OWASP's first argon2id configuration; argon2id is @node-rs/argon2's default algorithm. */
export const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** SPEC §5. */
export const PASSWORD_LENGTH = { min: 6, max: 72 } as const;

/** How long a mailed sign-in link works (once): Firebase's email links last longer, a mailbox less often needs to. */
export const SIGN_IN_LINK_LIFETIME_S = 15 * 60;

/** How recent a sign-in must be to change the password or delete the account. */
export const RECENT_SIGN_IN_S = 5 * 60;

/**
 * Headers only our routes set on the request they hand to better-auth (whatever the client sent
 * under these names is dropped first): the client's address, read from the socket, and the
 * language of the mails the request may send.
 */
export const CLIENT_IP_HEADER = "x-arena-client-ip";
export const MAIL_LOCALE_HEADER = "x-arena-mail-locale";

/** The pages the mailed links open, with the link's code; absolute URLs. */
export interface MailLinks {
  verifyEmail(code: string, locale: LocaleCode): string;
  resetPassword(code: string, locale: LocaleCode): string;
  signIn(locale: LocaleCode): string;
  signInWithLink(code: string, locale: LocaleCode): string;
  /** Where to ask for a reset link: a password changed by someone else is taken back from there. */
  forgotPassword(locale: LocaleCode): string;
}

export interface BetterAuthServerOptions {
  readonly db: SqliteDatabase;
  /** The site's origin: where better-auth's own URLs point and whose pages may call it. */
  readonly publicOrigin: string;
  readonly trustedOrigins: readonly string[];
  readonly secret: string;
  readonly production: boolean;
  readonly mail: MailPort;
  readonly links: MailLinks;
  readonly defaultLocale: LocaleCode;
  readonly userProfiles: UserProfilePort;
  /** What other stores keep about a deleted user stops naming them (ticket orders are kept, anonymised). */
  readonly forgetUser?: (uid: string) => Promise<void>;
  readonly sessions: LocalSessions;
  readonly logger: Logger;
  /**
   * Whether the owner of a known address may be told of one more registration attempt now; a
   * refusal is silent (the answer stays that of a new address), so that nobody floods an inbox.
   */
  readonly mayTellOwner?: (email: string) => Promise<boolean>;
}

/**
 * better-auth for the embedded default, on the embedded SQLite (its tables are our migration 3).
 * Its unsafe defaults are set explicitly (STACK-NOTES): argon2id instead of scrypt, the origin
 * check on whatever NODE_ENV or TEST say. Its rate limiter is off because ours, in
 * local-identity.routes.ts, replaces it: better-auth keys only by a header IP, never by account,
 * and keeps its counts in a module-level map.
 */
export function betterAuthOptions(options: BetterAuthServerOptions) {
  const { mail, links, logger } = options;
  const pageLocaleOf = (request: Request | undefined): LocaleCode => {
    const requested = request?.headers.get(MAIL_LOCALE_HEADER);
    return isLocaleCode(requested) ? requested : options.defaultLocale;
  };
  /** The account's own language for its mails, the page's when it has no profile (yet). */
  const localeOf = async (user: { id: string }, request: Request | undefined): Promise<LocaleCode> =>
    accountMailLocale(await options.userProfiles.get(user.id).catch(() => null), pageLocaleOf(request));
  // Started, not awaited: a failing mailer must not turn "if the address exists" into a 500
  // that only known addresses get. The outbox retries; a refusal is logged.
  const sendInBackground = (message: MailMessage) => {
    mail.send(message).catch((error: unknown) => logger.error("identity.mail-not-accepted", { template: message.template, error: String(error) }));
  };

  return {
    appName: "Arena",
    baseURL: options.publicOrigin,
    basePath: "/api/auth",
    // A key of its own, derived from the site's secret: better-auth signs cookies and JWTs with it.
    secret: createHmac("sha256", options.secret).update("better-auth").digest("base64url"),
    database: { dialect: immediateSqliteDialect(options.db), type: "sqlite", transaction: true },
    trustedOrigins: [...options.trustedOrigins],
    telemetry: { enabled: false },
    // Its warnings (wrong passwords, unknown addresses) and errors go to the site's log.
    logger: {
      level: "warn",
      log: (level: "debug" | "info" | "warn" | "error", message: string) => logger[level === "error" ? "error" : "warn"]("identity.better-auth", { message }),
    },
    emailAndPassword: {
      enabled: true,
      // Pending users sign in and are limited by our guards (SPEC §4), as with Firebase.
      requireEmailVerification: false,
      // Issue 48 item 9: sign-up signs no one in, so better-auth answers a known address as a new
      // one (a made-up user, after hashing the password all the same) and calls
      // onExistingUserSignUp instead of refusing with USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }: { user: { id: string; email: string } }, request?: Request) => {
        if (options.mayTellOwner && !(await options.mayTellOwner(user.email))) return;
        const locale = await localeOf(user, request);
        sendInBackground({
          to: user.email,
          locale,
          template: "registrationAttempt",
          params: { signInLink: links.signIn(locale), resetLink: links.forgotPassword(locale) },
        });
      },
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password: string) => hash(password, ARGON2ID),
        verify: ({ hash: stored, password }: { hash: string; password: string }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }: { user: { id: string; email: string }; token: string }, request?: Request) => {
        const locale = await localeOf(user, request);
        sendInBackground({ to: user.email, locale, template: "resetPassword", params: { link: links.resetPassword(token, locale) } });
      },
      onPasswordReset: async ({ user }: { user: { id: string } }) => {
        await options.sessions.revoker.revoke(user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }: { user: { id: string; email: string }; token: string }, request?: Request) => {
        const locale = await localeOf(user, request);
        sendInBackground({ to: user.email, locale, template: "verifyEmail", params: { link: links.verifyEmail(token, locale) } });
      },
    },
    plugins: [
      // Sign-in links for accounts only (local-identity.routes.ts asks for known addresses alone),
      // kept as a hash of the code, used once.
      magicLink({
        expiresIn: SIGN_IN_LINK_LIFETIME_S,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token }: { email: string; token: string }, context?: { request?: Request }) => {
          // In the account's own language (links go to accounts only: local-identity.routes.ts).
          const user = options.db.prepare<[string], { id: string }>(`SELECT id FROM "user" WHERE email = ?`).get(email.trim().toLowerCase());
          const locale = user ? await localeOf(user, context?.request) : pageLocaleOf(context?.request);
          sendInBackground({ to: email, locale, template: "signInLink", params: { link: links.signInWithLink(token, locale) } });
        },
      }),
    ],
    user: {
      deleteUser: {
        enabled: true,
        afterDelete: async (user: { id: string }) => {
          await options.userProfiles.delete(user.id);
          await options.forgetUser?.(user.id);
          // better-auth leaves unused reset codes behind; their value is the user's id.
          options.db.prepare("DELETE FROM verification WHERE value = ?").run(user.id);
        },
      },
    },
    // As long as the site's session, which lasts only as long as this one (local-sessions.ts).
    session: { freshAge: RECENT_SIGN_IN_S, expiresIn: SESSION_LIFETIME_S },
    rateLimit: { enabled: false },
    advanced: {
      disableOriginCheck: false,
      // Its own prefix for Secure cookies is `__Secure-`, which a sibling subdomain can still set
      // (with Domain=): in production its cookies are `__Host-` instead (Secure, Path=/, no Domain),
      // which no other host can set (issue 48 item 4); plain names where cookies cannot be Secure.
      useSecureCookies: false,
      cookiePrefix: options.production ? "__Host-better-auth" : "better-auth",
      defaultCookieAttributes: { secure: options.production, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  } satisfies BetterAuthOptions;
}

export function createBetterAuth(options: BetterAuthServerOptions) {
  return betterAuth(betterAuthOptions(options));
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
