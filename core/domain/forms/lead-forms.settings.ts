import type { Schema } from "effect";
import type { ConsentKind } from "../../ports/user-profile.port";
import { ContactFormPayload } from "./contact-form.schema";
import { CONTACT_FORM_FIELDS } from "./contact-form.settings";
import { HospitalityFormPayload } from "./hospitality-form.schema";
import { HOSPITALITY_FORM_FIELDS } from "./hospitality-form.settings";
import { JobApplicationPayload } from "./job-application.schema";
import { JOB_APPLICATION_FIELDS } from "./job-application.settings";
import type { LeadFormField } from "./lead-form-fields.settings";
import { NewsletterFormPayload } from "./newsletter-form.schema";
import { NEWSLETTER_FORM_FIELDS } from "./newsletter-form.settings";

/** The forms a visitor sends to the venue's team (SPEC §3, §5). */
export const LEAD_FORM_KINDS = ["contact", "hospitality", "newsletter", "job-application"] as const;
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

/** Each form's payload schema: the browser checks with it, the server decodes with it. */
export const LEAD_FORM_SCHEMAS = {
  contact: ContactFormPayload,
  hospitality: HospitalityFormPayload,
  newsletter: NewsletterFormPayload,
  "job-application": JobApplicationPayload,
} as const satisfies Record<LeadFormKind, Schema.Top>;

/** Each form's fields, for the server, the team's mail and the export; a page imports only the lists of the forms it shows. */
export const LEAD_FORM_FIELDS: { readonly [K in LeadFormKind]: readonly LeadFormField[] } = {
  contact: CONTACT_FORM_FIELDS,
  hospitality: HOSPITALITY_FORM_FIELDS,
  newsletter: NEWSLETTER_FORM_FIELDS,
  "job-application": JOB_APPLICATION_FIELDS,
};

export type LeadFormPayload<K extends LeadFormKind> = (typeof LEAD_FORM_SCHEMAS)[K]["Type"];

/** The consents each form asks for (and its schema requires), recorded with the submission. */
export const LEAD_FORM_CONSENTS: Readonly<Record<LeadFormKind, readonly ConsentKind[]>> = {
  contact: ["privacyPolicy", "communication"],
  hospitality: ["privacyPolicy", "communication"],
  newsletter: ["privacyPolicy", "marketing"],
  "job-application": ["privacyPolicy"],
};
