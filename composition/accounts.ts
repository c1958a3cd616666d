import { sessionSecretOf } from "./session-secret";
import { siteAddressesOf } from "./site-addresses";
import type { Hono } from "hono";
import { accountDeletedRoute } from "../adapters/http/server/account-deleted.route";
import { accountProfileRoute } from "../adapters/http/server/account-profile.route";
import { accountMailsRoute } from "../adapters/http/server/account-mails.route";
import { mailOutboxRoute } from "../adapters/http/server/mail-outbox.route";
import { sessionRoute } from "../adapters/http/server/session.route";
import { openDatabase, type SqliteDatabase } from "../adapters/embedded/database/open-database";
import type { PageFormAction } from "../adapters/http/server/page-form-posts.middleware";
import { localAccountFormPosts } from "../adapters/http/server/identity/local-account-form-posts";
import { createLocalIdentityServer, IDENTITY_RATE_LIMITS } from "../adapters/http/server/identity/local-identity.routes";
import { createLocalSessions, ID_TOKEN_LIFETIME_S } from "../adapters/embedded/identity/local-sessions";
import { createSqliteSpentTokens } from "../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { FIREBASE_ID_TOKEN_LIFETIME_S } from "../adapters/firebase/firebase-id-token-lifetime";
import { createLogMailTransport } from "../adapters/embedded/mail/log-mail.transport";
import { createSqliteMailOutboxStore } from "../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createMailDelivery, type MailDelivery } from "../adapters/mail/mail-delivery";
import type { MailOutboxStore } from "../adapters/mail/mail-outbox-store";
import { createOutboxMail } from "../adapters/mail/outbox-mail.adapter";
import { createSqliteUserProfiles } from "../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { createSmtpMailTransport } from "../adapters/mail/smtp-mail.transport";
import { createMailRenderer } from "../adapters/mail/templates/mail-renderer";
import {
  accountApi,
  cookieSessionVerifier,
  createAccountMails,
  type AccountActionCodesPort,
  localisePath,
  mailDeliveryRetry,
  routes,
  type IdTokenVerifier,
  type LeadSubmission,
  type TicketOrder,
  type LocaleCode,
  type Logger,
  type MailPort,
  type MessageCatalog,
  type SessionIssuer,
  type SessionRevoker,
  type SessionVerifier,
  type RequestSessionVerifier,
  type SpentTokensPort,
  type UserProfilePort,
  type RateLimiters,
  type FailureCounters,
} from "../core";
import type { AppConfig } from "./config";
import type { FirebaseAccounts } from "./firebase-accounts";

export interface AccountsWiring {
  readonly db: SqliteDatabase;
  /** Turns a request's session cookie into its user for server rendering and the API. */
  readonly sessions: RequestSessionVerifier;
  readonly userProfiles: UserProfilePort;
  readonly mail: MailPort;
  readonly mailDelivery: MailDelivery;
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** The account forms sent to their page without JavaScript (the embedded provider's only: Firebase signs in from the browser). */
  readonly pageFormActions: Readonly<Record<string, PageFormAction>>;
}

/** What else is kept about a user, for 'download my data'. */
export interface UserDataSources {
  readonly submissionsOf?: (uid: string) => Promise<readonly LeadSubmission[]>;
  readonly ordersOf?: (uid: string) => Promise<readonly TicketOrder[]>;
  /** Called once an account is deleted: orders that must be kept stop naming the person. */
  readonly forgetUser?: (uid: string) => Promise<void>;
}

/**
 * Accounts: with FIREBASE_PROJECT_ID, Firebase Authentication (ID tokens and session cookies
 * through firebase-admin), profiles and the mail outbox in Firestore; otherwise the local identity
 * server (better-auth) at /api/auth, with profiles and the outbox on the embedded SQLite. Either
 * way: the session endpoint, the account API, and mail through the outbox, delivered by a loop in
 * every server process (SMTP when SMTP_URL is set; otherwise mails stay in the outbox, and outside
 * production their links go to the log and the outbox is readable at /_mail/).
 */
export function wireAccounts(
  config: AppConfig,
  logger: Logger,
  messages: MessageCatalog,
  /** Count sign-in attempts and failures and the like with the other server processes. */
  { rateLimiters, failureCounters }: { readonly rateLimiters: RateLimiters; readonly failureCounters: FailureCounters },
  /** The user's own lead submissions and ticket orders, for their data export (wired after the accounts). */
  userData: UserDataSources = {},
): AccountsWiring {
  const { submissionsOf, ordersOf, forgetUser } = userData;
  const db = openDatabase(config.dataDir);
  // firebase-admin (≈ 0.5 s and 40 MB to load) is imported only by a server that uses it.
  const projectId = config.identity.provider === "firebase" ? config.identity.projectId : undefined;
  const firebase = projectId === undefined ? undefined : import("./firebase-accounts").then((module) => module.firebaseAccounts(projectId));
  const outboxStore = firebase ? lazyOutboxStore(firebase) : createSqliteMailOutboxStore(db);
  const transport = config.mail.smtpUrl
    ? createSmtpMailTransport({ url: config.mail.smtpUrl, from: config.mail.from })
    : createLogMailTransport({
        logger,
        // A production log is read by more people than a reset link should reach.
        logLinks: !config.production,
        viewerUrl: config.production ? undefined : (id) => `${config.publicOrigin}/_mail/${encodeURIComponent(id)}`,
      });
  const mailDelivery = createMailDelivery({
    store: outboxStore,
    transport,
    logger,
    messageIdDomain: new URL(config.publicOrigin).hostname,
    leaseMs: config.mail.deliveryLeaseMs,
    policy: mailDeliveryRetry(config.mail.retryFirstDelayMs),
  });
  const mail = createOutboxMail({ store: outboxStore, renderer: createMailRenderer(messages), onQueued: () => mailDelivery.wake() });
  const allowedOrigins = siteAddressesOf(config).allowedOrigins;
  const outboxViewer = config.production ? [] : [{ path: "/", app: mailOutboxRoute({ outbox: mail }) }];
  const { pageUrl } = siteAddressesOf(config);
  const links = {
    verifyEmail: (code: string, locale: LocaleCode) => pageUrl(routes.verifyEmail.path({ code }), locale),
    resetPassword: (code: string, locale: LocaleCode) => pageUrl(routes.resetPassword.path({ code }), locale),
    signIn: (locale: LocaleCode) => pageUrl(routes.login.path(), locale),
    signInWithLink: (code: string, locale: LocaleCode) => pageUrl(routes.login.path({ code }), locale),
    forgotPassword: (locale: LocaleCode) => pageUrl(routes.forgotPassword.path(), locale),
  };

  if (firebase) {
    const sessions: SessionVerifier & SessionIssuer = {
      verify: async (credential) => (await firebase).sessions.verify(credential),
      issue: async (idToken, user) => (await firebase).sessions.issue(idToken, user),
    };
    const idTokens: IdTokenVerifier = { verify: async (idToken) => (await firebase).idTokens.verify(idToken) };
    // Firebase keeps its sign-in in the browser's storage: nothing in the request to bind the cookie to, but its `__Host-` name.
    const requestSessions = cookieSessionVerifier(sessions, { secure: config.production });
    const revoker: SessionRevoker = { revoke: async (uid) => (await firebase).revoker.revoke(uid) };
    const spentTokens: SpentTokensPort = { spend: async (digest, expiresAt) => (await firebase).spentTokens.spend(digest, expiresAt) };
    const userProfiles: UserProfilePort = {
      get: async (uid) => (await firebase).userProfiles.get(uid),
      upsert: async (profile) => (await firebase).userProfiles.upsert(profile),
      delete: async (uid) => (await firebase).userProfiles.delete(uid),
      export: async (uid) => (await firebase).userProfiles.export(uid),
    };
    const actionCodes: AccountActionCodesPort = {
      register: async (account) => (await firebase).actionCodes.register(account),
      passwordResetCode: async (email) => (await firebase).actionCodes.passwordResetCode(email),
      verificationCode: async (email) => (await firebase).actionCodes.verificationCode(email),
      signInsValidSince: async (uid) => (await firebase).actionCodes.signInsValidSince(uid),
    };
    // The same limits, under the same names, as the local identity server's.
    const limiter = (rule: keyof typeof IDENTITY_RATE_LIMITS) => rateLimiters.limiter(`identity-${rule}`, IDENTITY_RATE_LIMITS[rule]);
    const ownerMails = limiter("registrationAttemptMailsPerAccount");
    const accountMails = createAccountMails(
      { codes: actionCodes, userProfiles, mail, toldChanges: spentTokens },
      { links, mayTellOwner: async (email) => (await ownerMails.take(email.trim().toLowerCase())).allowed, defaultLocale: config.locale.defaultLocale },
    );
    return {
      db,
      sessions: requestSessions,
      userProfiles,
      mail,
      mailDelivery,
      pageFormActions: {},
      routes: [
        // Before the account API, whose routes all need a live session: a deleted user has none.
        {
          path: "/api/account/deleted",
          app: accountDeletedRoute({
            verifier: { deletedUid: async (idToken) => (await firebase).deletedAccounts.deletedUid(idToken) },
            forget: async (uid) => {
              await userProfiles.delete(uid);
              await forgetUser?.(uid);
            },
            allowedOrigins,
          }),
        },
        {
          path: "/api/identity",
          app: accountMailsRoute({
            mails: accountMails,
            sessions: requestSessions,
            limiters: { signUpPerAddress: limiter("signUpPerAddress"), mailPerAddress: limiter("mailPerAddress"), mailPerAccount: limiter("mailPerAccount") },
            allowedOrigins,
            trustedProxies: config.trustedProxies,
            logger,
          }),
        },
        { path: accountApi.base, app: accountProfileRoute({ sessions: requestSessions, userProfiles, allowedOrigins, submissionsOf, ordersOf }) },
        {
          path: "/api/__session",
          // Firebase's sign-out ends only the browser's own sign-in: the endpoint ends the rest.
          app: sessionRoute({
            idTokens,
            issuer: sessions,
            sessions: requestSessions,
            spentTokens,
            idTokenLifetimeSeconds: FIREBASE_ID_TOKEN_LIFETIME_S,
            secureCookie: config.production,
            allowedOrigins,
            signOutEverywhere: { revoker },
          }),
        },
        ...outboxViewer,
      ],
    };
  }

  const secret = sessionSecretOf(config);
  const sessions = createLocalSessions({ db, secret, secureCookies: config.production });
  const userProfiles = createSqliteUserProfiles(db);
  const identity = createLocalIdentityServer({
    db,
    secret,
    sessions,
    publicOrigin: config.publicOrigin,
    allowedOrigins,
    production: config.production,
    trustedProxies: config.trustedProxies,
    rateLimiters,
    failureCounters,
    mail,
    links,
    defaultLocale: config.locale.defaultLocale,
    userProfiles,
    forgetUser,
    logger,
  });
  return {
    db,
    sessions: sessions.requestSessions,
    userProfiles,
    mail,
    mailDelivery,
    pageFormActions: localAccountFormPosts({
      operations: identity.operations,
      sessions,
      secureCookie: config.production,
      dashboardPath: (locale) => localisePath(routes.dashboard.path(), locale, config.locale),
      homePath: (locale) => localisePath(routes.content.path({ slug: "" }), locale, config.locale),
      defaultLocale: config.locale.defaultLocale,
    }),
    routes: [
      { path: "/api/auth", app: identity.routes },
      { path: accountApi.base, app: accountProfileRoute({ sessions: sessions.requestSessions, userProfiles, allowedOrigins, submissionsOf, ordersOf }) },
      {
        path: "/api/__session",
        app: sessionRoute({
          idTokens: sessions.idTokens,
          issuer: sessions.sessions,
          sessions: sessions.requestSessions,
          spentTokens: createSqliteSpentTokens(db),
          idTokenLifetimeSeconds: ID_TOKEN_LIFETIME_S,
          secureCookie: config.production,
          allowedOrigins,
        }),
      },
      ...outboxViewer,
    ],
  };
}

function lazyOutboxStore(firebase: Promise<FirebaseAccounts>): MailOutboxStore {
  return {
    add: async (mail) => (await firebase).mailOutbox.add(mail),
    claim: async (request) => (await firebase).mailOutbox.claim(request),
    settle: async (id, token, outcome) => (await firebase).mailOutbox.settle(id, token, outcome),
    list: async (limit) => (await firebase).mailOutbox.list(limit),
    find: async (id) => (await firebase).mailOutbox.find(id),
  };
}
