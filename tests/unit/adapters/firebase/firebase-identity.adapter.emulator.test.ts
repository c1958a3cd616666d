import { FIREBASE_ID_TOKEN_LIFETIME_S } from "../../../../adapters/firebase/firebase-id-token-lifetime";
import { openDatabase } from "../../../../adapters/embedded/database/open-database";
import { createSqliteSpentTokens } from "../../../../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { deleteApp as deleteClientApp, getApps as getClientApps } from "firebase/app";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFirebaseIdentity } from "../../../../adapters/firebase/firebase-identity.adapter";
import { createFirebaseSessions, type FirebaseSessions } from "../../../../adapters/firebase/firebase-session.adapter";
import { sessionRoute } from "../../../../adapters/http/server/session.route";
import { cookieSessionVerifier, SESSION_COOKIE, type AccountUser, type IdentityPort, type SessionUser } from "../../../../core";
import { browserFetch } from "../../../contracts/support/browser-fetch";
import { serveFetch, type ServedFetch } from "../../../contracts/support/serve-fetch";

// What the Firebase adapter does beyond the identity contract, against the Auth emulator (the
// `firebase` project starts it). Accounts are made with firebase-admin, as the site's
// registration route makes them, and signed in through the adapter.

const emulator = inject("firebaseAuthEmulator");
const skip = "skip" in emulator ? emulator.skip : undefined;
if (skip) console.warn(`[firebase-identity] skipped, ${skip}`);

const PASSWORD = "Túria-arena-2031";

describe.skipIf(skip !== undefined)("the browser's Firebase identity adapter", () => {
  const { host, projectId } = "skip" in emulator ? { host: "", projectId: "" } : emulator;
  let site: ServedFetch;
  let admin: App;
  let sessions: FirebaseSessions;
  let browsers = 0;
  let accounts = 0;

  beforeAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    admin = initializeApp({ projectId }, `identity-adapter-test-${Date.now()}`);
    sessions = createFirebaseSessions({ auth: getAuth(admin) });
    let handler: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
    site = await serveFetch((request) => handler(request));
    handler = new Hono().route(
      "/api/__session",
      sessionRoute({
        idTokens: sessions.idTokens,
        issuer: sessions.sessions,
        sessions: cookieSessionVerifier(sessions.sessions, { secure: false }),
        spentTokens: createSqliteSpentTokens(openDatabase(":memory:")),
        idTokenLifetimeSeconds: FIREBASE_ID_TOKEN_LIFETIME_S,
        secureCookie: false,
        allowedOrigins: [site.origin],
      }),
    ).fetch;
  });

  afterAll(async () => {
    await Promise.all(getClientApps().filter((app) => app.name.startsWith("identity-adapter-test-")).map((app) => deleteClientApp(app)));
    await site?.close();
    if (admin) await deleteApp(admin);
  });

  function browser() {
    const page = browserFetch(site.origin);
    const identity = createFirebaseIdentity({
      config: { apiKey: "fake-api-key", authDomain: `${projectId}.firebaseapp.com`, projectId },
      emulatorUrl: `http://${host}`,
      baseUrl: site.origin,
      fetch: page.fetch,
      appName: `identity-adapter-test-${++browsers}`,
    });
    const serverSession = async (): Promise<SessionUser | null> => {
      const credential = page.cookie(SESSION_COOKIE);
      return credential ? sessions.sessions.verify(credential) : null;
    };
    return { identity, page, serverSession };
  }
  const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++accounts}@arena.example`;

  /** An account as the site's registration makes it, signed in here. */
  async function signedUp(identity: IdentityPort, email: string): Promise<AccountUser> {
    await getAuth(admin).createUser({ email, password: PASSWORD, displayName: "Ana" });
    return identity.signIn(email, PASSWORD);
  }

  it("sets the server's session before its listeners hear of a sign-in, and clears it before they hear of a sign-out", async () => {
    const { identity, serverSession } = browser();
    const email = newEmail("order");
    await signedUp(identity, email);
    await identity.signOut();
    const heard: Promise<{ user: AccountUser | null; server: SessionUser | null }>[] = [];
    const stop = identity.onUserChanged((user) => heard.push(serverSession().then((server) => ({ user, server }))));
    await identity.signIn(email, PASSWORD);
    await identity.signOut();
    stop();
    const [signedIn, signedOut] = await Promise.all(heard);
    expect(signedIn?.server).toMatchObject({ uid: signedIn?.user?.uid, email });
    expect(signedOut).toEqual({ user: null, server: null });
  });

  it("after a password change, refuses the session from before and keeps this browser signed in with a new one", async () => {
    const { identity, page, serverSession } = browser();
    const email = newEmail("password");
    const user = await signedUp(identity, email);
    const before = page.cookie(SESSION_COOKIE) ?? "";
    // Firebase compares whole seconds: the old sign-in must be a second older than the change.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await identity.updatePassword(PASSWORD, "Albufera-sunset-77");
    expect(await sessions.sessions.verify(before)).toBeNull();
    expect(page.cookie(SESSION_COOKIE)).not.toBe(before);
    expect(await serverSession()).toMatchObject({ uid: user.uid });
    expect(await sessions.idTokens.verify((await identity.idToken()) ?? "")).toMatchObject({ uid: user.uid });
  });

  it("refuses a password change with a wrong current password, and keeps the session", async () => {
    const { identity, serverSession } = browser();
    const user = await signedUp(identity, newEmail("wrong-current"));
    await expect(identity.updatePassword("not-the-password-1", "Albufera-sunset-77")).rejects.toMatchObject({
      code: expect.stringMatching(/^auth\/(wrong-password|invalid-credential)$/),
    });
    expect(await serverSession()).toMatchObject({ uid: user.uid });
  });

  it("shows a verification and a new name in the server's session at once", async () => {
    const { identity, serverSession } = browser();
    const email = newEmail("claims");
    const user = await signedUp(identity, email);
    await getAuth(admin).updateUser(user.uid, { emailVerified: true });
    await identity.reloadUser();
    expect(await serverSession()).toMatchObject({ uid: user.uid, emailVerified: true, displayName: "Ana" });
    await identity.updateProfile({ displayName: "Ana Puig" });
    expect(await serverSession()).toMatchObject({ emailVerified: true, displayName: "Ana Puig" });
  });

  it("answers signed out once the account is deleted elsewhere", async () => {
    const { identity, serverSession } = browser();
    const user = await signedUp(identity, newEmail("gone"));
    await getAuth(admin).deleteUser(user.uid);
    expect(await identity.reloadUser()).toBeNull();
    expect(await identity.currentUser()).toBeNull();
    expect(await serverSession()).toBeNull();
  });
});
