import { Schema } from "effect";
import { Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Address, Birthdate, Name, Phone, Surname } from "./field.schema";
import { OptionalMessage, STORY_REFERENCE } from "./lead-field.schema";
import { requiredText } from "./text-field.schema";

export const JobOffer = requiredText("validation.jobOffer.required", Schema.isPattern(STORY_REFERENCE, { message: "validation.jobOffer.required" }));
/** A CV already sent to the upload endpoint, by the id it answered with. */
export const CvUpload = requiredText("validation.cv.required", Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/, { message: "validation.cv.required" }));

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
