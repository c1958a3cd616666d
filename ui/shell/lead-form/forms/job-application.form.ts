import { JOB_APPLICATION_FIELDS } from "../../../../core";
import { CvField } from "../CvField";
import type { LeadFormDefinition } from "../lead-form-definition";

/** An application to one of the open job offers, shown by the job offers block (SPEC §3). */
export const JOB_APPLICATION_FORM: LeadFormDefinition = {
  kind: "job-application",
  fields: JOB_APPLICATION_FIELDS,
  submitLabel: "leadForm.submit.jobApplication",
  sendAnotherLabel: "leadForm.sendAnother",
  loadSchema: async () => (await import("../../../../core/domain/forms/job-application.schema")).JobApplicationPayload,
  FileField: CvField,
};
