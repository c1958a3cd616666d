import { getApps, initializeApp, type FirebaseApp } from "firebase/app";
import {
  applyActionCode,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  deleteUser,
  EmailAuthProvider,
  getAdditionalUserInfo,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reload,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from "firebase/auth";
import { accountErrorKey, LOCALES, sessionIsOf, type AccountUser, type IdentityPort } from "../../core";
import { pageSessionHint } from "../http/browser/page-session-hint";

/** The web app's Firebase settings (Firebase console → project settings → your apps). */
export interface FirebaseWebConfig {
  readonly apiKey: string;
  readonly authDomain: string;
  readonly projectId: string;
}

export interface FirebaseIdentityOptions {
  readonly config: FirebaseWebConfig;
  /** The Auth emulator, e.g. `http://127.0.0.1:9099`; production Firebase when absent. */
  readonly emulatorUrl?: string;
  /** The site's origin, which serves `/api/__session`. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  /** One Firebase app per name: a page has one (the default); a test makes one per simulated browser. */
  readonly appName?: string;
  /** The signed-in hint cookie as the page reads it (`document.cookie` by default): whose the server's session is. */
  readonly sessionHint?: () => string | undefined;
}

/** Just over the second that an ID token's issue time counts in. */
const TOKEN_SECOND_MS = 1100;

/** A failure of this adapter's own (the session endpoint, no signed-in user), coded like Firebase's. */
export class FirebaseIdentityError extends Error {
  constructor(
    readonly code: string,
    readonly status?: number,
  ) {
    super(accountErrorKey(code));
    this.name = "FirebaseIdentityError";
  }
}

/**
 * The browser's IdentityPort on the Firebase Auth SDK (production). Failures reject with the
 * SDK's FirebaseError, whose `code` (`auth/…`) `accountErrorOf` maps; the adapter's own with a
 * FirebaseIdentityError coded the same way. As the local adapter does, every change of the
 * signed-in user (and every new sign-in) trades a fresh ID token for the `__session` cookie that
 * server rendering reads (SPEC §7) before the listeners hear of it; a page opened on a session
 * already its user's (the hint cookie says so) trades nothing.
 */
export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityPort {
  const auth = authOf(options);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sessionHint = options.sessionHint ?? pageSessionHint;
  const listeners = new Set<(user: AccountUser | null) => void>();
  /** The user the server's session and the listeners last heard of; undefined until the first settle. */
  let settled: AccountUser | null | undefined;
  let settling: Promise<void> = Promise.resolve();
  /** While an operation runs it settles its own outcome; the SDK's events in between are its steps. */
  let operations = 0;

  /**
   * Registration, the reset request and the verification resend go through the site's server
   * (/api/identity), which makes the account with firebase-admin and writes the mails itself: the
   * SDK's own sign-up refuses a known address with email-already-in-use and signs a new one in
   * (issue 48 item 9), and its mails are in the page's language, not the account's (issue 49 item 16).
   */
  async function postToSite(path: string, body: unknown): Promise<void> {
    let response: Response;
    try {
      response = await doFetch(new URL(path, options.baseUrl), {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch {
      throw new FirebaseIdentityError("auth/network-request-failed");
    }
    if (!response.ok) {
      const payload = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
      throw new FirebaseIdentityError(payload?.error?.code ?? "generic", response.status);
    }
  }

  /** Trades the user's ID token for the site's session cookie (null: ends it). */
  const postSession = (token: string | null) => postToSite("/api/__session", { token });

  /**
   * The account is gone at Firebase; the site's profile and orders follow (POST /api/account/deleted
   * with the token taken before). The deletion itself has happened, so a failure here is not the
   * user's to see: the server keeps nothing it can tie to a live account, and a retry is safe.
   */
  async function forgetOnServer(proof: string): Promise<void> {
    await doFetch(new URL("/api/account/deleted", options.baseUrl), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ token: proof }),
      credentials: "same-origin",
    }).catch(() => undefined);
  }

  /** Brings the session cookie and the listeners to `next`, one change after another. */
  function settle(next: User | null, { newSession }: { newSession: boolean }): Promise<void> {
    const run = async () => {
      const account = accountUserOf(next);
      const previous = settled;
      const first = previous === undefined;
      const changed = newSession || (first ? !sessionIsOf(sessionHint(), account) : !sameUser(previous, account));
      settled = account;
      if (!changed && !first) return;
      // A verification or a new name reaches the token's claims only when it is refreshed.
      const refresh = previous != null && account !== null && previous.uid === account.uid;
      try {
        if (!changed) return;
        await postSession(next ? await next.getIdToken(refresh) : null).catch(async (error: unknown) => {
          // The server trades a token once: a cached one it has traded before, for a session this
          // browser no longer holds, is refused. A refreshed token is a new one once its issue time
          // (whole seconds) has moved on: a token made again within the second is the same bytes.
          if (!next || !(error instanceof FirebaseIdentityError) || error.status !== 401) throw error;
          await new Promise((resolve) => setTimeout(resolve, TOKEN_SECOND_MS));
          await postSession(await next.getIdToken(true));
        });
      } finally {
        for (const listener of listeners) listener(account);
      }
    };
    const done = settling.then(run, run);
    settling = done.catch(() => {});
    return done;
  }

  // Restored sign-ins, sign-outs from another tab and token refreshes: what no operation here caused.
  onIdTokenChanged(auth, () => {
    if (operations === 0) settle(auth.currentUser, { newSession: false }).catch(() => {});
  });

  async function operation<T>(newSession: boolean, body: () => Promise<T>): Promise<T> {
    await auth.authStateReady();
    operations += 1;
    try {
      const result = await body().catch(async (error: unknown) => {
        // A half-done operation (e.g. reauthenticated, then refused) may still have changed the user.
        await settle(auth.currentUser, { newSession: false }).catch(() => {});
        throw error;
      });
      await settle(auth.currentUser, { newSession });
      return result;
    } finally {
      operations -= 1;
    }
  }

  async function signedIn(): Promise<User> {
    await auth.authStateReady();
    const user = auth.currentUser;
    if (!user) throw new FirebaseIdentityError("auth/null-user");
    return user;
  }

  async function reloadCurrent(): Promise<void> {
    const user = auth.currentUser;
    if (!user) return;
    try {
      await reload(user);
    } catch (error) {
      // A deleted or disabled account: the SDK has signed it out, which is the answer.
      if (auth.currentUser) throw error;
    }
  }

  async function currentUser(): Promise<AccountUser | null> {
    await auth.authStateReady();
    if (settled === undefined && operations === 0) await settle(auth.currentUser, { newSession: false });
    await settling;
    return accountUserOf(auth.currentUser);
  }

  return {
    // No session comes back: whoever was signed in here still is.
    signUp: (account, locale) => postToSite("/api/identity/registration", { ...account, locale }),
    signIn(email, password) {
      return operation(true, async () => accountUserOf((await signInWithEmailAndPassword(auth, email, password)).user) as AccountUser);
    },
    signOut() {
      return operation(true, () => signOut(auth));
    },
    async sendVerification(locale) {
      // The server mails the user its session names; a session is there once someone is signed in here.
      await signedIn();
      await settling;
      await postToSite("/api/identity/verification", { locale });
    },
    verifyEmail(code) {
      return operation(false, async () => {
        await applyActionCode(auth, code);
        await reloadCurrent();
      });
    },
    async requestSignInLink(email, locale) {
      // The mail in the page's language.
      auth.languageCode = LOCALES[locale].acceptLanguage;
      // Firebase mails any address (enumeration-safe by nature); an address without an account
      // gets no account from the link (signInWithLink below).
      // Firebase's page (or the custom action URL) hands the link to /auth/action, which opens the
      // site's sign-in link page in the mail's language.
      const url = `${new URL("/auth/action", options.baseUrl).href}?lang=${LOCALES[locale].acceptLanguage}`;
      await sendSignInLinkToEmail(auth, email, { url, handleCodeInApp: true });
    },
    signInWithLink(code, email) {
      return operation(true, async () => {
        // The SDK reads the code from a link of Firebase's own shape; the page has only the code.
        const link = `${options.baseUrl}/auth/action?${new URLSearchParams({ apiKey: options.config.apiKey, mode: "signIn", oobCode: code })}`;
        const credential = await signInWithEmailLink(auth, email, link);
        // Firebase would make an account of any address; here a link signs in an account only,
        // and accounts are made by registration (with its consent).
        if (getAdditionalUserInfo(credential)?.isNewUser) {
          await deleteUser(credential.user);
          throw new FirebaseIdentityError("auth/invalid-action-code");
        }
        return accountUserOf(credential.user) as AccountUser;
      });
    },
    requestPasswordReset: (email, locale) => postToSite("/api/identity/password-reset", { email, locale }),
    checkPasswordResetCode(code) {
      return operation(false, async () => {
        await verifyPasswordResetCode(auth, code);
      });
    },
    confirmPasswordReset(code, newPassword) {
      return operation(false, async () => {
        await confirmPasswordReset(auth, code, newPassword);
        // Firebase ends the account's sessions, this browser's among them if it is the same account.
        await reloadCurrent();
      });
    },
    async updateProfile({ displayName }) {
      const user = await signedIn();
      return operation(false, async () => {
        await updateProfile(user, { displayName });
        return accountUserOf(user) as AccountUser;
      });
    },
    async updatePassword(currentPassword, newPassword) {
      const user = await signedIn();
      const email = user.email ?? "";
      await operation(true, async () => {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, currentPassword));
        await updatePassword(user, newPassword);
        // The change revokes every earlier sign-in, this one's ID token included (its auth_time
        // stays put while the account's valid-since moves): sign in again with what the user typed.
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, newPassword));
      });
      // The owner's mail about the change comes from the site (Firebase sends none): the server
      // checks with Firebase that the password did change. It has changed whatever this answers.
      await postToSite("/api/identity/password-changed", {}).catch(() => {});
    },
    async deleteAccount() {
      const user = await signedIn();
      // The proof the server needs afterwards, taken while the user still exists.
      const proof = await user.getIdToken();
      // Firebase refuses with auth/requires-recent-login after an old sign-in.
      await operation(true, () => deleteUser(user));
      await forgetOnServer(proof);
    },
    currentUser,
    reloadUser() {
      return operation(false, async () => {
        await reloadCurrent();
        return accountUserOf(auth.currentUser);
      });
    },
    async idToken() {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    onUserChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function authOf(options: FirebaseIdentityOptions): Auth {
  const name = options.appName ?? "[DEFAULT]";
  const existing = getApps().find((app) => app.name === name);
  const app: FirebaseApp = existing ?? initializeApp({ ...options.config }, name);
  // No popup/redirect resolver: email and password only, and a smaller bundle than getAuth's.
  const auth = existing ? getAuth(app) : initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (options.emulatorUrl && !auth.emulatorConfig) connectAuthEmulator(auth, options.emulatorUrl, { disableWarnings: true });
  return auth;
}

function accountUserOf(user: User | null): AccountUser | null {
  if (!user) return null;
  return { uid: user.uid, email: user.email ?? "", emailVerified: user.emailVerified, displayName: user.displayName || null };
}

function sameUser(a: AccountUser | null, b: AccountUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.email === b.email && a.emailVerified === b.emailVerified && a.displayName === b.displayName;
}
