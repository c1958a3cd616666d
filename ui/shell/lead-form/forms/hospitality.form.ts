import type { LeadFormDefinition } from "../lead-form-definition";

/** A company's hospitality enquiry, shown by the hospitality block (SPEC §3). */
export const HOSPITALITY_FORM: LeadFormDefinition = {
  kind: "hospitality",
  loadSchema: async () => (await import("../../../../core/domain/forms/hospitality-form.schema")).HospitalityFormPayload,
};
