import { PRIVACY_POLICY_FIELD, type LeadFormField } from "./lead-form-fields.settings";
import { PERSON_FIELDS } from "./person-fields.settings";

/** The contact form's fields (SPEC §3). */
export const CONTACT_FORM_FIELDS: readonly LeadFormField[] = [
  ...PERSON_FIELDS,
  { name: "event", control: "event", label: "leadForm.field.event", emptyChoice: "leadForm.chooseOption", required: true },
  { name: "subject", control: "text", label: "leadForm.field.subject", required: true },
  { name: "message", control: "textarea", label: "leadForm.field.message", required: true },
  PRIVACY_POLICY_FIELD,
  { name: "communication", control: "checkbox", label: "leadForm.consent.communication", required: true },
];
