/** SPEC §8: what the account pages say once an action has been done, or its mail could not be sent (i18n keys). */
export const ACCOUNT_FEEDBACK = {
  dataUpdated: "feedback.success.dataUpdated",
  emailSent: "feedback.success.emailSent",
  passwordUpdated: "feedback.success.passwordUpdated",
  emailFailed: "feedback.error.emailFailed",
} as const;
