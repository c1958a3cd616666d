import { CONTACT_FORM_FIELDS } from "../../../../core";
import type { LeadFormDefinition } from "../lead-form-definition";

/** The contact form, shown by the contact block (SPEC §3). */
export const CONTACT_FORM: LeadFormDefinition = {
  kind: "contact",
  fields: CONTACT_FORM_FIELDS,
  submitLabel: "leadForm.submit.contact",
  sendAnotherLabel: "leadForm.sendAnother",
  loadSchema: async () => (await import("../../../../core/domain/forms/contact-form.schema")).ContactFormPayload,
};
