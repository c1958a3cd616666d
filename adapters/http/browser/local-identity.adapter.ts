import { accountErrorKey, sessionIsOf, type AccountUser, type IdentityPort, type LocaleCode } from "../../../core";
import { pageSessionHint } from "./page-session-hint";
import type {
  ChangePasswordBody,
  MailRequestBody,
  ResetCodeBody,
  ResetPasswordBody,
  SignInBody,
  SignInWithLinkBody,
  SignUpBody,
  UpdateUserBody,
  VerifyEmailBody,
} from "../local-identity-api.schema";
import { ApiError } from "./api-error";

export interface LocalIdentityOptions {
  /** The site's origin, which serves `/api/auth/*` and `/api/__session`. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
  /** The signed-in hint cookie as the page reads it (`document.cookie` by default): whose the server's session is. */
  readonly sessionHint?: () => string | undefined;
}

/** An ID token is fetched again this long before it expires, so that none expires in flight. */
const ID_TOKEN_MARGIN_MS = 60_000;

/**
 * The browser's IdentityPort on the embedded defaults: the local identity server over HTTP
 * (adapters/embedded/identity). Its better-auth session lives in an HttpOnly cookie this code never
 * sees; after every sign-in, sign-out and change of the user it trades a fresh ID token for the
 * `__session` cookie that server rendering reads (SPEC §7) before it tells the listeners; a page
 * opened on a session already its user's (the hint cookie says so) trades nothing.
 * Failures reject with an ApiError whose `code` is the server's (better-auth's or the account
 * error set's), `network-request-failed` when the server was not reached.
 */
export function createLocalIdentity(options: LocalIdentityOptions): IdentityPort {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const sessionHint = options.sessionHint ?? pageSessionHint;
  const listeners = new Set<(user: AccountUser | null) => void>();
  /** Undefined until the server has been asked. */
  let user: AccountUser | null | undefined;
  let idToken: { readonly token: string; readonly expiresAt: number } | undefined;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(new URL(path, options.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch {
      throw new ApiError(undefined, "network-request-failed", accountErrorKey("network-request-failed"));
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = (payload as { error?: { code?: string; message?: string } } | undefined)?.error;
      const code = problem?.code ?? "generic";
      const retryAfter = Number(response.headers.get("Retry-After"));
      throw new ApiError(response.status, code, problem?.message ?? accountErrorKey(code), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
    }
    return payload as T;
  }

  /** Sets the server-side session to `next`'s, then tells the listeners, when anything changed (or first). */
  async function settle(next: AccountUser | null, { newSession }: { newSession: boolean }): Promise<void> {
    const first = user === undefined;
    const changed = newSession || (user === undefined ? !sessionIsOf(sessionHint(), next) : !sameUser(user, next));
    user = next;
    if (!changed && !first) return;
    try {
      if (changed) {
        idToken = undefined;
        const token = next ? await freshIdToken() : null;
        await call("POST", "/api/__session", { token });
      }
    } finally {
      for (const listener of listeners) listener(next);
    }
  }

  async function freshIdToken(): Promise<string | null> {
    if (idToken && idToken.expiresAt - ID_TOKEN_MARGIN_MS > now()) return idToken.token;
    try {
      idToken = await call<{ token: string; expiresAt: number }>("GET", "/api/auth/id-token");
      return idToken.token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  async function reloadUser(): Promise<AccountUser | null> {
    const { user: current } = await call<{ user: AccountUser | null }>("GET", "/api/auth/get-session");
    await settle(current, { newSession: false });
    return current;
  }

  async function currentUser(): Promise<AccountUser | null> {
    return user === undefined ? reloadUser() : user;
  }

  return {
    async signUp(account, locale) {
      // No session comes back: whoever was signed in here still is.
      await call("POST", "/api/auth/sign-up/email", { ...account, locale } satisfies SignUpBody);
    },
    async signIn(email, password) {
      const { user: signedIn } = await call<{ user: AccountUser }>("POST", "/api/auth/sign-in/email", { email, password } satisfies SignInBody);
      await settle(signedIn, { newSession: true });
      return signedIn;
    },
    async signOut() {
      await call("POST", "/api/auth/sign-out", {});
      await settle(null, { newSession: true });
    },
    async sendVerification(locale: LocaleCode) {
      const current = await currentUser();
      if (!current) throw new ApiError(401, "UNAUTHORIZED", accountErrorKey("UNAUTHORIZED"));
      await call("POST", "/api/auth/send-verification-email", { email: current.email, locale } satisfies MailRequestBody);
    },
    async verifyEmail(code) {
      await call("POST", "/api/auth/verify-email", { code } satisfies VerifyEmailBody);
      if (user) await reloadUser();
    },
    async requestSignInLink(email, locale) {
      await call("POST", "/api/auth/sign-in-link", { email, locale } satisfies MailRequestBody);
    },
    async signInWithLink(code, email) {
      const { user: signedIn } = await call<{ user: AccountUser }>("POST", "/api/auth/sign-in-with-link", { code, email } satisfies SignInWithLinkBody);
      await settle(signedIn, { newSession: true });
      return signedIn;
    },
    async requestPasswordReset(email, locale) {
      await call("POST", "/api/auth/request-password-reset", { email, locale } satisfies MailRequestBody);
    },
    async checkPasswordResetCode(code) {
      await call("POST", "/api/auth/check-reset-code", { code } satisfies ResetCodeBody);
    },
    async confirmPasswordReset(code, newPassword) {
      await call("POST", "/api/auth/reset-password", { code, newPassword } satisfies ResetPasswordBody);
      // The server ends the account's sessions, this browser's among them if it is the same account.
      if (user) await reloadUser();
    },
    async updateProfile({ displayName }) {
      const { user: updated } = await call<{ user: AccountUser }>("POST", "/api/auth/update-user", { displayName } satisfies UpdateUserBody);
      await settle(updated, { newSession: false });
      return updated;
    },
    async updatePassword(currentPassword, newPassword) {
      // The server renews this browser's session and refuses every earlier credential.
      const { user: same } = await call<{ user: AccountUser }>("POST", "/api/auth/change-password", { currentPassword, newPassword } satisfies ChangePasswordBody);
      await settle(same, { newSession: true });
    },
    async deleteAccount() {
      await call("POST", "/api/auth/delete-user", {});
      await settle(null, { newSession: true });
    },
    currentUser,
    reloadUser,
    async idToken() {
      return (await currentUser()) ? freshIdToken() : null;
    },
    onUserChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sameUser(a: AccountUser | null, b: AccountUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.email === b.email && a.emailVerified === b.emailVerified && a.displayName === b.displayName;
}
