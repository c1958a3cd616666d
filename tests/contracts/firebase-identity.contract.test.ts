import { FIREBASE_ID_TOKEN_LIFETIME_S } from "../../adapters/firebase/firebase-id-token-lifetime";
import { openDatabase } from "../../adapters/local/database/open-database";
import { createSqliteSpentTokens } from "../../adapters/local/identity/sqlite-spent-tokens.adapter";
import { deleteApp as deleteClientApp, getApps as getClientApps } from "firebase/app";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { Hono } from "hono";
import { inject } from "vitest";
import { createFirebaseIdentity } from "../../adapters/firebase/firebase-identity.adapter";
import { createFirebaseSessions } from "../../adapters/firebase/firebase-session.adapter";
import { accountDeletedRoute } from "../../adapters/http/server/account-deleted.route";
import { sessionRoute } from "../../adapters/http/server/session.route";
import { cookieSessionVerifier, SESSION_COOKIE } from "../../core";
import { identityContract, type IdentityFixture } from "./identity.contract";
import { browserFetch } from "./support/browser-fetch";
import { serveFetch } from "./support/serve-fetch";

// The browser's Firebase adapter against Firebase's Auth emulator (started once per run by the
// `firebase` project's global setup), with the server's firebase-admin session ports behind the
// real session endpoint, served over HTTP. Mails are read from the emulator's list of action codes.

const emulator = inject("firebaseAuthEmulator");

interface OobCode {
  readonly email: string;
  readonly requestType: "VERIFY_EMAIL" | "PASSWORD_RESET" | string;
  readonly oobCode: string;
}

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

  let handler: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const served = await serveFetch((request) => handler(request));
  const forgotten: string[] = [];
  handler = new Hono()
    .route(
      "/api/account/deleted",
      accountDeletedRoute({ verifier: sessions.deletedAccounts, forget: async (uid) => void forgotten.push(uid), allowedOrigins: [served.origin] }),
    )
    .route(
      "/api/__session",
      sessionRoute({
        idTokens: sessions.idTokens,
        issuer: sessions.sessions,
        sessions: cookieSessionVerifier(sessions.sessions, { secure: false }),
        spentTokens: createSqliteSpentTokens(openDatabase(":memory:")),
        idTokenLifetimeSeconds: FIREBASE_ID_TOKEN_LIFETIME_S,
        secureCookie: false,
        allowedOrigins: [served.origin],
        signOutEverywhere: { revoker: sessions.revoker },
      }),
    ).fetch;

  async function mailedCode(email: string, requestType: OobCode["requestType"]): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
      const last = oobCodes.findLast((code) => code.requestType === requestType && code.email.toLowerCase() === email.toLowerCase());
      if (last) return last.oobCode;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No ${requestType} mail to ${email}`);
  }

  let browsers = 0;
  const appNames: string[] = [];
  return {
    browser() {
      const browser = browserFetch(served.origin);
      const appName = `identity-contract-${run}-${++browsers}`;
      appNames.push(appName);
      return {
        identity: createFirebaseIdentity({
          config: { apiKey: "fake-api-key", authDomain: `${projectId}.firebaseapp.com`, projectId },
          emulatorUrl,
          baseUrl: served.origin,
          fetch: browser.fetch,
          appName,
        }),
        async serverSession() {
          const credential = browser.cookie(SESSION_COOKIE);
          return credential ? sessions.sessions.verify(credential) : null;
        },
      };
    },
    verificationCode: (email) => mailedCode(email, "VERIFY_EMAIL"),
    resetCode: (email) => mailedCode(email, "PASSWORD_RESET"),
    // Firebase mails a sign-in link to any address.
    signInLinkCode: (email) => mailedCode(email, "EMAIL_SIGNIN"),
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
