/**
 * What the account pages' calls may be refused with besides the common keys (api-messages.ts):
 * the account endpoints (`accountApi`) and the dashboard's purchase-code claims.
 */
export const ACCOUNT_API_MESSAGES = [
  "account.error.emailNotVerified",
  "account.error.tooManyRequests",
  "account.error.invalidEmail",
  "account.error.weakPassword",
  "tickets.error.unknownCode",
] as const;

export type AccountApiMessage = (typeof ACCOUNT_API_MESSAGES)[number];
