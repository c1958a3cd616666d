import { Schema } from "effect";
import { Email, MarketingConsent, PrivacyPolicyConsent } from "./email-and-consents.schema";

/** SPEC §3, §5: a newsletter subscription request (confirmed later by mail), decoded alike by the browser and the server. */
export const NewsletterFormPayload = Schema.Struct({
  email: Email,
  privacyPolicy: PrivacyPolicyConsent,
  marketing: MarketingConsent,
});
export type NewsletterFormPayload = typeof NewsletterFormPayload.Type;
