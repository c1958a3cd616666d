import { FIREBASE_ID_TOKEN_LIFETIME_S } from "../../adapters/firebase/firebase-id-token-lifetime";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteSpentTokens } from "../../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { deleteApp as deleteClientApp, getApps as getClientApps, initializeApp as initializeClientApp } from "firebase/app";
import { connectAuthEmulator, getAuth as getClientAuth, initializeAuth, inMemoryPersistence, updateCurrentUser } from "firebase/auth";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { Hono } from "hono";
import { inject } from "vitest";
import { createFirebaseIdentity } from "../../adapters/firebase/firebase-identity.adapter";
import { createFirebaseActionCodes } from "../../adapters/firebase/firebase-action-codes.adapter";
import { createFirebaseSessions } from "../../adapters/firebase/firebase-session.adapter";
import { accountDeletedRoute } from "../../adapters/http/server/account-deleted.route";
import { accountMailsRoute } from "../../adapters/http/server/account-mails.route";
import { createSqliteUserProfiles } from "../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { sessionRoute } from "../../adapters/http/server/session.route";
import { cookieSessionVerifier, createAccountMails, inProcessRateLimiters, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, type MailMessage, type MailTemplateId } from "../../core";
import { identityContract, type IdentityBrowser, type IdentityFixture } from "./identity.contract";
import { browserFetch, type BrowserFetch } from "./support/browser-fetch";
import { serveFetch } from "./support/serve-fetch";

// The browser's Firebase adapter against Firebase's Auth emulator (started once per run by the
// `firebase` project's global setup), with the server's firebase-admin ports behind the real
// session endpoint and the site's account mails route, served over HTTP. The site writes the
// account mails itself: they are read from the mail port, as the local runner reads them.

const emulator = inject("firebaseAuthEmulator");

async function firebaseIdentity(): Promise<IdentityFixture> {
  if ("skip" in emulator) throw new Error(emulator.skip);
  const { host, projectId } = emulator;
  const emulatorUrl = `http://${host}`;
  // firebase-admin finds the emulator through the environment only.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;

  // As production Firebase projects are made today: sign-in does not tell unknown addresses apart.
  const configured = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/config`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!configured.ok) throw new Error(`The emulator refused its configuration: ${configured.status} ${await configured.text()}`);

  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const admin = initializeApp({ projectId }, `identity-contract-admin-${run}`);
  const sessions = createFirebaseSessions({ auth: getAuth(admin) });
  const requestSessions = cookieSessionVerifier(sessions.sessions, { secure: false });
  const mails: MailMessage[] = [];
  const userProfiles = createSqliteUserProfiles(openDatabase(":memory:"));
  const accountMails = createAccountMails(
    {
      codes: createFirebaseActionCodes({ auth: getAuth(admin) }),
      userProfiles,
      mail: { send: async (message) => `mail-${mails.push(message)}` },
      toldChanges: createSqliteSpentTokens(openDatabase(":memory:")),
    },
    {
      links: {
        verifyEmail: (code, locale) => `${emulatorUrl}/${locale}/verify-email/?code=${encodeURIComponent(code)}`,
        resetPassword: (code, locale) => `${emulatorUrl}/${locale}/reset-password/?code=${encodeURIComponent(code)}`,
        signIn: (locale) => `${emulatorUrl}/${locale}/login/`,
        forgotPassword: (locale) => `${emulatorUrl}/${locale}/forgot-password/`,
      },
      mayTellOwner: async () => true,
      defaultLocale: "es",
    },
  );
  // The suite makes more accounts and mails a minute than one visitor would; the limits have their own tests.
  const unlimited = inProcessRateLimiters();
  const generous = { limit: 1000, windowMs: 60_000 };

  let handler: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const served = await serveFetch((request) => handler(request));
  const forgotten: string[] = [];
  handler = new Hono()
    .route(
      "/api/account/deleted",
      accountDeletedRoute({ verifier: sessions.deletedAccounts, forget: async (uid) => void forgotten.push(uid), allowedOrigins: [served.origin] }),
    )
    .route(
      "/api/identity",
      accountMailsRoute({
        mails: accountMails,
        sessions: requestSessions,
        limiters: {
          signUpPerAddress: unlimited.limiter("sign-up", generous),
          mailPerAddress: unlimited.limiter("mail-address", generous),
          mailPerAccount: unlimited.limiter("mail-account", generous),
        },
        allowedOrigins: [served.origin],
        trustedProxies: 0,
        logger: { info: () => {}, warn: () => {}, error: (event, fields) => console.error(event, fields) },
      }),
    )
    .route(
      "/api/__session",
      sessionRoute({
        idTokens: sessions.idTokens,
        issuer: sessions.sessions,
        sessions: requestSessions,
        spentTokens: createSqliteSpentTokens(openDatabase(":memory:")),
        idTokenLifetimeSeconds: FIREBASE_ID_TOKEN_LIFETIME_S,
        secureCookie: false,
        allowedOrigins: [served.origin],
        signOutEverywhere: { revoker: sessions.revoker },
      }),
    ).fetch;

  const mailsTo = (email: string, template: MailTemplateId) =>
    mails.filter((message) => message.template === template && message.to.toLowerCase() === email.toLowerCase());
  async function mailedCode(email: string, template: MailTemplateId): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const last = mailsTo(email, template).at(-1);
      const code = last && "link" in last.params ? new URL(last.params.link).searchParams.get("code") : null;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No ${template} mail to ${email}`);
  }

  /** The last sign-in link's code the Auth emulator "mailed" to `email` (its out-of-band codes). */
  async function emulatorSignInCode(email: string): Promise<string | undefined> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
      const last = oobCodes.findLast((code) => code.requestType === "EMAIL_SIGNIN" && code.email.toLowerCase() === email.toLowerCase());
      if (last) return last.oobCode;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }

  let browsers = 0;
  const appNames: string[] = [];
  const webConfig = { apiKey: "fake-api-key", authDomain: `${projectId}.firebaseapp.com`, projectId };

  /** A page of `browser`, on a Firebase app of its own (`appName`: made already, with the sign-in it restored). */
  function pageOf(browser: BrowserFetch, appName = `identity-contract-${run}-${++browsers}`): IdentityBrowser {
    appNames.push(appName);
    return {
      identity: createFirebaseIdentity({
        config: webConfig,
        emulatorUrl,
        baseUrl: served.origin,
        fetch: browser.fetch,
        appName,
        sessionHint: () => browser.cookie(SIGNED_IN_HINT_COOKIE),
      }),
      async serverSession() {
        const credential = browser.cookie(SESSION_COOKIE);
        return credential ? sessions.sessions.verify(credential) : null;
      },
      async nextPage({ withoutSessionCookies = false } = {}) {
        if (withoutSessionCookies) for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) browser.expire(name);
        // As a page's SDK restores the sign-in kept in the browser's storage: the next page's app starts with this one's user.
        const next = `identity-contract-${run}-${++browsers}`;
        const auth = initializeAuth(initializeClientApp(webConfig, next), { persistence: inMemoryPersistence });
        connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
        await updateCurrentUser(auth, getClientAuth(getClientApps().find((app) => app.name === appName)).currentUser);
        return pageOf(browser, next);
      },
      sessionPosts: () => browser.requests("POST", "/api/__session"),
    };
  }

  return {
    browser: () => pageOf(browserFetch(served.origin)),
    verificationCode: (email) => mailedCode(email, "verifyEmail"),
    resetCode: (email) => mailedCode(email, "resetPassword"),
    async mailsTo(email, template, atLeast = 0) {
      for (let attempt = 0; attempt < 100 && mailsTo(email, template).length < atLeast; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      return mailsTo(email, template).map(({ locale }) => ({ locale }));
    },
    profile: (uid) => userProfiles.get(uid),
    // Firebase itself mails a sign-in link (the client SDK asks for it), to any address.
    signInLinkCode: (email) => emulatorSignInCode(email),
    verifyIdToken: (token) => sessions.idTokens.verify(token),
    forgotten: () => forgotten,
    // Firebase compares revocation with token times in whole seconds.
    pause: () => new Promise((resolve) => setTimeout(resolve, 1100)),
    recentSignIn: {
      unsupported:
        "Firebase's Auth emulator never answers requires-recent-login (production Firebase does, some minutes after the sign-in)",
    },
    async close() {
      await served.close();
      await Promise.all(getClientApps().filter((app) => appNames.includes(app.name)).map((app) => deleteClientApp(app)));
      await deleteApp(admin);
    },
  };
}

identityContract(
  "Firebase Auth (emulator), through the browser's Firebase adapter and firebase-admin's session cookies",
  firebaseIdentity,
  "skip" in emulator ? { skip: emulator.skip } : {},
);
