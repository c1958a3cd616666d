/** SPEC §8: the outcome messages the forms and the account pages show (i18n keys). */
export const FEEDBACK = {
  dataUpdated: "feedback.success.dataUpdated",
  emailSent: "feedback.success.emailSent",
  passwordUpdated: "feedback.success.passwordUpdated",
  formSubmitted: "feedback.success.formSubmitted",
  emailFailed: "feedback.error.emailFailed",
  formSubmitFailed: "feedback.error.formSubmitFailed",
  generic: "feedback.error.generic",
} as const;

export type FeedbackKey = (typeof FEEDBACK)[keyof typeof FEEDBACK];
