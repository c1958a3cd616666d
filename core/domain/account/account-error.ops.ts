/**
 * SPEC §8: the identity providers' error codes and the message each shows (an i18n key).
 * Firebase's codes arrive as `auth/<code>`, or bare when an adapter strips the prefix; the local
 * provider (better-auth) reports its own UPPER_SNAKE codes. Failures without a code of their own
 * (the local server's 429s, a fetch that never reached it) are reported by the adapter with the
 * bare Firebase code for what happened: `too-many-requests`, `network-request-failed`.
 */
const FIREBASE_ERROR_KEYS = {
  "user-not-found": "account.error.userNotFound",
  "wrong-password": "account.error.wrongPassword",
  "invalid-email": "account.error.invalidEmail",
  "invalid-credential": "account.error.invalidCredential",
  "invalid-login-credentials": "account.error.invalidCredential",
  "email-already-in-use": "account.error.emailAlreadyInUse",
  "weak-password": "account.error.weakPassword",
  // The project's password policy (SPEC §5 lets the provider add rules of its own).
  "password-does-not-meet-requirements": "account.error.weakPassword",
  "requires-recent-login": "account.error.requiresRecentLogin",
  // The provider no longer trusts the stored sign-in: the user must sign in again.
  "user-token-expired": "account.error.requiresRecentLogin",
  "user-disabled": "account.error.userDisabled",
  "too-many-requests": "account.error.tooManyRequests",
  "network-request-failed": "account.error.networkRequestFailed",
  "popup-closed-by-user": "account.error.popupClosedByUser",
  "account-exists-with-different-credential": "account.error.accountExistsWithDifferentCredential",
  "quota-exceeded": "account.error.tooManyRequests",
  "expired-action-code": "account.error.invalidOrExpiredLink",
  // A link already used or mangled: to the user it is a link that no longer works.
  "invalid-action-code": "account.error.invalidOrExpiredLink",
} as const;

/** better-auth's BASE_ERROR_CODES that reach the user. */
const LOCAL_PROVIDER_ERROR_KEYS = {
  USER_NOT_FOUND: "account.error.userNotFound",
  INVALID_PASSWORD: "account.error.wrongPassword",
  INVALID_EMAIL: "account.error.invalidEmail",
  INVALID_EMAIL_OR_PASSWORD: "account.error.invalidCredential",
  USER_ALREADY_EXISTS: "account.error.emailAlreadyInUse",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "account.error.emailAlreadyInUse",
  PASSWORD_TOO_SHORT: "account.error.weakPassword",
  SESSION_EXPIRED: "account.error.requiresRecentLogin",
  SESSION_NOT_FRESH: "account.error.requiresRecentLogin",
  INVALID_TOKEN: "account.error.invalidOrExpiredLink",
  TOKEN_EXPIRED: "account.error.invalidOrExpiredLink",
} as const;

export type AccountErrorKey =
  | (typeof FIREBASE_ERROR_KEYS)[keyof typeof FIREBASE_ERROR_KEYS]
  | (typeof LOCAL_PROVIDER_ERROR_KEYS)[keyof typeof LOCAL_PROVIDER_ERROR_KEYS]
  | "account.error.generic";

// Own keys only: a code such as "constructor" must not find Object.prototype's members.
function lookup<T extends object>(table: T, code: string): T[keyof T] | undefined {
  return Object.hasOwn(table, code) ? table[code as keyof T] : undefined;
}

export function accountErrorKey(code: string | undefined): AccountErrorKey {
  if (!code) return "account.error.generic";
  const bare = code.startsWith("auth/") ? code.slice("auth/".length) : code;
  return lookup(FIREBASE_ERROR_KEYS, bare) ?? lookup(LOCAL_PROVIDER_ERROR_KEYS, code) ?? "account.error.generic";
}

/** The message for whatever an identity adapter rejected with: its `code`, when it has one. */
export function accountErrorOf(error: unknown): AccountErrorKey {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return accountErrorKey(typeof code === "string" ? code : undefined);
}

/** SPEC §4: what an account page says while an operation runs ('Signing in...', 'Creating account...'). */
export const ACCOUNT_PROGRESS_KEYS = {
  signingIn: "account.progress.signingIn",
  creatingAccount: "account.progress.creatingAccount",
  sendingEmail: "account.progress.sendingEmail",
  saving: "account.progress.saving",
  verifyingEmail: "account.progress.verifyingEmail",
  checkingVerification: "account.progress.checkingVerification",
  signingOut: "account.progress.signingOut",
  deletingAccount: "account.progress.deletingAccount",
} as const;

export type AccountProgressKey = (typeof ACCOUNT_PROGRESS_KEYS)[keyof typeof ACCOUNT_PROGRESS_KEYS];
