import { EMAIL_FIELD, type LeadFormField } from "./lead-form-fields.settings";

/**
 * Who is writing, as the contact, hospitality and job application forms ask (the newsletter asks
 * only for an e-mail address): a module of its own, so that only the pages with those forms are
 * sent these labels.
 */
export const PERSON_FIELDS: readonly LeadFormField[] = [
  { name: "name", control: "text", label: "leadForm.field.name", autocomplete: "given-name", required: true },
  { name: "surname", control: "text", label: "leadForm.field.surname", autocomplete: "family-name", required: true },
  EMAIL_FIELD,
  { name: "phone", control: "tel", label: "leadForm.field.phone", autocomplete: "tel", required: true },
];
