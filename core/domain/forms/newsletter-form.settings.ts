import { EMAIL_FIELD, PRIVACY_POLICY_FIELD, type LeadFormField } from "./lead-form-fields.settings";

/** The newsletter subscription's fields (SPEC §3), in every page's footer. */
export const NEWSLETTER_FORM_FIELDS: readonly LeadFormField[] = [
  EMAIL_FIELD,
  PRIVACY_POLICY_FIELD,
  { name: "marketing", control: "checkbox", label: "leadForm.consent.marketing", required: true },
];
