import { Schema } from "effect";
import { CommunicationConsent } from "./communication-consent.schema";
import { Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Name, Phone, Surname } from "./field.schema";
import { Message, STORY_REFERENCE } from "./lead-field.schema";
import { atMost, optionalText, requiredText } from "./text-field.schema";

export const Subject = requiredText("validation.subject.required", atMost(150, "validation.subject.length"));
/** The contact form's event: "" when the question is about no particular event. */
export const OptionalEventChoice = optionalText(
  "validation.select.required",
  Schema.makeFilter((value: string) => value === "" || STORY_REFERENCE.test(value) || "validation.select.required"),
);

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
