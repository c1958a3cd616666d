import { Schema } from "effect";
import { CommunicationConsent } from "./communication-consent.schema";
import { Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Name, Phone, Surname } from "./field.schema";
import { Message, STORY_REFERENCE } from "./lead-field.schema";
import { atMost, requiredText } from "./text-field.schema";

export const Subject = requiredText("validation.subject.required", atMost(150, "validation.subject.length"));
/** The contact form's event, required (SPEC §5's list): one of the choices, an event's slug or uuid. */
export const EventChoice = requiredText("validation.event.required", Schema.isPattern(STORY_REFERENCE, { message: "validation.event.required" }));

/** SPEC §3, §5: the contact form, decoded alike by the browser's form and the server's route. */
export const ContactFormPayload = Schema.Struct({
  name: Name,
  surname: Surname,
  email: Email,
  phone: Phone,
  subject: Subject,
  message: Message,
  /** The upcoming event the question is about. */
  event: EventChoice,
  privacyPolicy: PrivacyPolicyConsent,
  /** The team answers: the visitor agrees to be contacted. */
  communication: CommunicationConsent,
});
export type ContactFormPayload = typeof ContactFormPayload.Type;
