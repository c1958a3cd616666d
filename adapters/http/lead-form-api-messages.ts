/** What the lead forms' endpoint (`leadFormsApi.submit`) may name besides the common keys (api-messages.ts). */
export const LEAD_FORM_API_MESSAGES = ["feedback.error.formSubmitFailed", "feedback.error.tooManySubmissions", "validation.form.incomplete"] as const;

export type LeadFormApiMessage = (typeof LEAD_FORM_API_MESSAGES)[number];
