import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createFirebaseSessions } from "../../../../adapters/firebase/firebase-session.adapter";

// firebase-admin's session ports against the Auth emulator (the `firebase` project starts it).
// Revocation compares whole seconds (the sign-in's auth_time with the account's valid-since), so
// the tests that revoke wait a little over a second after signing in.

const emulator = inject("firebaseAuthEmulator");
const skip = "skip" in emulator ? emulator.skip : undefined;
if (skip) console.warn(`[firebase-session] skipped, ${skip}`);

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe.skipIf(skip !== undefined)("firebase-admin's session ports", () => {
  const { host, projectId } = "skip" in emulator ? { host: "", projectId: "" } : emulator;
  let app: App;
  let auth: Auth;
  let accounts = 0;

  /** A new account, signed in through the emulator's REST API, as the browser SDK does. */
  async function signedUp(): Promise<{ uid: string; email: string; idToken: string }> {
    const email = `session-${Date.now().toString(36)}-${++accounts}@arena.example`;
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "Túria-arena-2031", displayName: "Ana García", returnSecureToken: true }),
    });
    const body = (await response.json()) as { localId: string; idToken: string };
    return { uid: body.localId, email, idToken: body.idToken };
  }

  async function signedIn(email: string): Promise<string> {
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "Túria-arena-2031", returnSecureToken: true }),
    });
    return ((await response.json()) as { idToken: string }).idToken;
  }

  beforeAll(() => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    app = initializeApp({ projectId }, `session-adapter-test-${Date.now()}`);
    auth = getAuth(app);
  });
  afterAll(() => (app ? deleteApp(app) : undefined));

  it("verifies an ID token, and trades each sign-in's for a session credential of its own", async () => {
    const sessions = createFirebaseSessions({ auth });
    const { uid, email, idToken } = await signedUp();
    const user = await sessions.idTokens.verify(idToken);
    expect(user).toEqual({ uid, email, emailVerified: false, displayName: "Ana García" });
    const first = await sessions.sessions.issue(idToken, user!);
    expect(first.maxAgeSeconds).toBe(14 * 24 * 60 * 60);
    expect(await sessions.sessions.verify(first.credential)).toEqual(user);

    // Firebase derives the cookie from the sign-in (to the second): a later sign-in, another cookie.
    await nextSecond();
    const again = await signedIn(email);
    const second = await sessions.sessions.issue(again, (await sessions.idTokens.verify(again))!);
    expect(second.credential).not.toBe(first.credential);
    expect(await sessions.sessions.verify(second.credential)).toEqual(user);
  });

  it("refuses what proves nothing: empty, tampered, or an ID token offered as a session", async () => {
    const sessions = createFirebaseSessions({ auth });
    const { idToken } = await signedUp();
    const { credential } = await sessions.sessions.issue(idToken, (await sessions.idTokens.verify(idToken))!);
    expect(await sessions.sessions.verify("")).toBeNull();
    expect(await sessions.sessions.verify(`${credential}x`)).toBeNull();
    expect(await sessions.sessions.verify("not-a-jwt")).toBeNull();
    expect(await sessions.sessions.verify(idToken)).toBeNull();
    expect(await sessions.idTokens.verify(credential)).toBeNull();
    expect(await sessions.idTokens.verify("")).toBeNull();
  });

  it("refuses every credential issued before a revocation, and those of a deleted user", async () => {
    const sessions = createFirebaseSessions({ auth });
    const { uid, idToken } = await signedUp();
    const { credential } = await sessions.sessions.issue(idToken, (await sessions.idTokens.verify(idToken))!);
    await nextSecond();
    await sessions.revoker.revoke(uid);
    expect(await sessions.sessions.verify(credential)).toBeNull();
    expect(await sessions.idTokens.verify(idToken)).toBeNull();

    const other = await signedUp();
    const session = await sessions.sessions.issue(other.idToken, (await sessions.idTokens.verify(other.idToken))!);
    await auth.deleteUser(other.uid);
    expect(await sessions.sessions.verify(session.credential)).toBeNull();
    expect(await sessions.idTokens.verify(other.idToken)).toBeNull();
    await expect(sessions.revoker.revoke(other.uid)).resolves.toBeUndefined();
  });

  it("asks Firebase whether a session cookie was revoked at most once every 5 s per session, checking its signature at every use", async () => {
    let time = Date.now();
    let lookups = 0;
    // The real Auth, with its revocation checks counted (production Firebase is asked only for those).
    const counted = new Proxy(auth, {
      get(target, property) {
        if (property === "verifySessionCookie") {
          return (cookie: string, checkRevoked?: boolean) => {
            if (checkRevoked) lookups += 1;
            return target.verifySessionCookie(cookie, checkRevoked);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const sessions = createFirebaseSessions({ auth: counted, now: () => time });
    const { idToken } = await signedUp();
    const user = (await sessions.idTokens.verify(idToken))!;
    const { credential } = await sessions.sessions.issue(idToken, user);
    for (let view = 0; view < 10; view += 1) {
      expect(await sessions.sessions.verify(credential)).toEqual(user);
      time += 400;
    }
    expect(lookups).toBe(1);
    time += 1_000;
    expect(await sessions.sessions.verify(credential)).toEqual(user);
    expect(lookups).toBe(2);
    // A forged or altered cookie is refused at once, however recently its original was checked.
    expect(await sessions.sessions.verify(`${credential}x`)).toBeNull();
  });

  it("ends a session at a sign-out on this instance at once, and at one on another instance by the next revocation check (5 s)", async () => {
    let time = Date.now();
    const now = () => time;
    const [here, elsewhere] = [createFirebaseSessions({ auth, now }), createFirebaseSessions({ auth, now })];
    const { uid, idToken } = await signedUp();
    const user = (await here.idTokens.verify(idToken))!;
    const { credential } = await here.sessions.issue(idToken, user);
    expect(await here.sessions.verify(credential)).toEqual(user);
    expect(await elsewhere.sessions.verify(credential)).toEqual(user);
    await nextSecond();
    // Another instance's sign-out: this one asks Firebase again once its last check is 5 s old.
    // (Against the emulator firebase-admin looks the user up at every check; production Firebase
    // is asked only then.)
    await elsewhere.revoker.revoke(uid);
    time += 5_000;
    expect(await here.sessions.verify(credential)).toBeNull();

    // This instance's own sign-out ends the sessions it had checked a moment before, at once.
    await nextSecond();
    const again = await signedIn(user.email);
    const { credential: second } = await here.sessions.issue(again, (await here.idTokens.verify(again))!);
    expect(await here.sessions.verify(second)).toEqual(user);
    await nextSecond();
    await here.revoker.revoke(uid);
    expect(await here.sessions.verify(second)).toBeNull();
  });

  it("can refuse a session for an old sign-in", async () => {
    const { idToken } = await signedUp();
    const fresh = createFirebaseSessions({ auth, maxSignInAgeSeconds: 300 });
    const user = (await fresh.idTokens.verify(idToken))!;
    await expect(fresh.sessions.issue(idToken, user)).resolves.toMatchObject({ credential: expect.any(String) });
    const later = createFirebaseSessions({ auth, maxSignInAgeSeconds: 300, now: () => Date.now() + 10 * 60_000 });
    await expect(later.sessions.issue(idToken, user)).rejects.toMatchObject({ code: "auth/requires-recent-login" });
  });

  it("rejects, rather than answering signed out, when Firebase cannot be reached", async () => {
    const { idToken } = await signedUp();
    const reachable = createFirebaseSessions({ auth });
    const { credential } = await reachable.sessions.issue(idToken, (await reachable.idTokens.verify(idToken))!);
    // firebase-admin reads the emulator's address when it makes an Auth: one whose Firebase is down.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = "127.0.0.1:9"; // discard: nothing listens
    const unreachable = initializeApp({ projectId }, `session-adapter-outage-${Date.now()}`);
    try {
      const sessions = createFirebaseSessions({ auth: getAuth(unreachable) });
      await expect(sessions.sessions.verify(credential)).rejects.toBeDefined();
      await expect(sessions.idTokens.verify(idToken)).rejects.toBeDefined();
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
      await deleteApp(unreachable);
    }
  });
});
