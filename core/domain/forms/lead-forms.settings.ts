import type { Schema } from "effect";
import type { ConsentKind } from "../../ports/user-profile.port";
import { ContactFormPayload } from "./contact-form.schema";
import { HospitalityFormPayload } from "./hospitality-form.schema";
import { JobApplicationPayload } from "./job-application.schema";
import { NewsletterFormPayload } from "./newsletter-form.schema";

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

export type LeadFormPayload<K extends LeadFormKind> = (typeof LEAD_FORM_SCHEMAS)[K]["Type"];

/** The consents each form asks for (and its schema requires), recorded with the submission. */
export const LEAD_FORM_CONSENTS: Readonly<Record<LeadFormKind, readonly ConsentKind[]>> = {
  contact: ["privacyPolicy", "communication"],
  hospitality: ["privacyPolicy", "communication"],
  newsletter: ["privacyPolicy", "marketing"],
  "job-application": ["privacyPolicy"],
};
