/**
 * What the account endpoints (`/api/account/…`) and the editor's sign-in may name besides the
 * common keys (api-messages.ts).
 */
export const ACCOUNT_API_MESSAGES = ["account.error.emailNotVerified", "account.error.tooManyRequests", "account.error.wrongPassword"] as const;

export type AccountApiMessage = (typeof ACCOUNT_API_MESSAGES)[number];
