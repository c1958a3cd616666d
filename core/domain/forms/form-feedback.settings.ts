/** SPEC §8: what a lead form says once it has been sent, or could not be (i18n keys). */
export const FORM_FEEDBACK = {
  formSubmitted: "feedback.success.formSubmitted",
  formSubmitFailed: "feedback.error.formSubmitFailed",
} as const;
