import { acceptedConsent } from "./email-and-consents.schema";

/**
 * Consent to be contacted about a request (the contact and hospitality forms). A module of its own:
 * the newsletter form on every page does not ask for it, so no page but theirs is sent its message.
 */
export const CommunicationConsent = acceptedConsent("validation.consent.communication");
