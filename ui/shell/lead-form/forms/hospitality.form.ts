import { HOSPITALITY_FORM_FIELDS } from "../../../../core";
import type { LeadFormDefinition } from "../lead-form-definition";

/** A company's hospitality enquiry, shown by the hospitality block (SPEC §3). */
export const HOSPITALITY_FORM: LeadFormDefinition = {
  kind: "hospitality",
  fields: HOSPITALITY_FORM_FIELDS,
  submitLabel: "leadForm.submit.hospitality",
  sendAnotherLabel: "leadForm.sendAnother",
  loadSchema: async () => (await import("../../../../core/domain/forms/hospitality-form.schema")).HospitalityFormPayload,
};
