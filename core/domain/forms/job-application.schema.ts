import { Schema } from "effect";
import { Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Address, Birthdate, CvUpload, JobOffer, Name, OptionalMessage, Phone, Surname } from "./field.schema";

/**
 * SPEC §3, §5: an application to one job offer, decoded alike by the browser's form and the
 * server's route. The CV is uploaded first; the payload names it by the upload's id.
 */
export const JobApplicationPayload = Schema.Struct({
  jobOffer: JobOffer,
  name: Name,
  surname: Surname,
  email: Email,
  phone: Phone,
  birthdate: Birthdate,
  address: Address,
  cv: CvUpload,
  message: Schema.optionalKey(OptionalMessage),
  privacyPolicy: PrivacyPolicyConsent,
});
export type JobApplicationPayload = typeof JobApplicationPayload.Type;
