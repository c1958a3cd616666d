import { Schema } from "effect";
import { CommunicationConsent, Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Message, Name, OptionalEventChoice, Phone, Subject, Surname } from "./field.schema";

/** SPEC §3, §5: the contact form, decoded alike by the browser's form and the server's route. */
export const ContactFormPayload = Schema.Struct({
  name: Name,
  surname: Surname,
  email: Email,
  phone: Phone,
  subject: Subject,
  message: Message,
  /** The upcoming event the question is about, if any. */
  event: Schema.optionalKey(OptionalEventChoice),
  privacyPolicy: PrivacyPolicyConsent,
  /** The team answers: the visitor agrees to be contacted. */
  communication: CommunicationConsent,
});
export type ContactFormPayload = typeof ContactFormPayload.Type;
