import type { LeadFormDefinition } from "../lead-form-definition";

/** The newsletter subscription, in every page's footer (SPEC §3). */
export const NEWSLETTER_FORM: LeadFormDefinition = {
  kind: "newsletter",
  loadSchema: async () => (await import("../../../../core/domain/forms/newsletter-form.schema")).NewsletterFormPayload,
};
