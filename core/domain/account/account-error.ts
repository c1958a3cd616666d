/**
 * SPEC §8: the identity provider's error codes and the message each shows (an i18n key).
 * Codes arrive as `auth/<code>` from Firebase and as bare codes from the local identity server.
 */
const ACCOUNT_ERROR_KEYS = {
  "user-not-found": "account.error.userNotFound",
  "wrong-password": "account.error.wrongPassword",
  "invalid-email": "account.error.invalidEmail",
  "invalid-credential": "account.error.invalidCredential",
  "invalid-login-credentials": "account.error.invalidCredential",
  "email-already-in-use": "account.error.emailAlreadyInUse",
  "weak-password": "account.error.weakPassword",
  "requires-recent-login": "account.error.requiresRecentLogin",
  "user-disabled": "account.error.userDisabled",
  "too-many-requests": "account.error.tooManyRequests",
  "network-request-failed": "account.error.networkRequestFailed",
  "popup-closed-by-user": "account.error.popupClosedByUser",
  "account-exists-with-different-credential": "account.error.accountExistsWithDifferentCredential",
  "quota-exceeded": "account.error.tooManyRequests",
  "expired-action-code": "account.error.expiredActionCode",
} as const;

export type AccountErrorKey = (typeof ACCOUNT_ERROR_KEYS)[keyof typeof ACCOUNT_ERROR_KEYS] | "account.error.generic";

export function accountErrorKey(code: string | undefined): AccountErrorKey {
  if (!code) return "account.error.generic";
  const bare = code.startsWith("auth/") ? code.slice("auth/".length) : code;
  // Own keys only: a code such as "constructor" must not find Object.prototype's members.
  return Object.hasOwn(ACCOUNT_ERROR_KEYS, bare) ? ACCOUNT_ERROR_KEYS[bare as keyof typeof ACCOUNT_ERROR_KEYS] : "account.error.generic";
}

/** SPEC §4: the progress labels of the two account forms. */
export const ACCOUNT_PROGRESS_KEYS = {
  signingIn: "account.progress.signingIn",
  creatingAccount: "account.progress.creatingAccount",
} as const;
