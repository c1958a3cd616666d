import { NEWSLETTER_FORM_FIELDS } from "../../../../core";
import type { LeadFormDefinition } from "../lead-form-definition";

/** The newsletter subscription, in every page's footer (SPEC §3): once sent, it asks the visitor to confirm by mail. */
export const NEWSLETTER_FORM: LeadFormDefinition = {
  kind: "newsletter",
  fields: NEWSLETTER_FORM_FIELDS,
  submitLabel: "leadForm.submit.newsletter",
  sentNotice: "leadForm.success.newsletter",
  loadSchema: async () => (await import("../../../../core/domain/forms/newsletter-form.schema")).NewsletterFormPayload,
};
