import { PRIVACY_POLICY_FIELD, type LeadFormField } from "./lead-form-fields.settings";
import { PERSON_FIELDS } from "./person-fields.settings";

/** A job application's fields (SPEC §3): the offers to choose from come from the content. */
export const JOB_APPLICATION_FIELDS: readonly LeadFormField[] = [
  { name: "jobOffer", control: "select", label: "leadForm.field.jobOffer", emptyChoice: "leadForm.chooseOption", required: true },
  ...PERSON_FIELDS,
  { name: "birthdate", control: "date", label: "leadForm.field.birthdate", autocomplete: "bday", required: true },
  // One line: the standard keeps "street-address" for multi-line fields, a browser fills the street's line here.
  { name: "address", control: "text", label: "leadForm.field.address", autocomplete: "address-line1", required: true },
  { name: "cv", control: "file", label: "leadForm.field.cv", required: true },
  { name: "message", control: "textarea", label: "leadForm.field.message", required: false },
  PRIVACY_POLICY_FIELD,
];
