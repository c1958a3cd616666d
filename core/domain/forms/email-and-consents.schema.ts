import { Schema } from "effect";
import { requiredText } from "./text-field.schema";

/**
 * The fields every lead form has (SPEC §5): where to reach the person, and what they agreed to.
 * A module of their own: the footer's newsletter form, on every page, has only these, and a page
 * is sent the messages of the fields its forms have.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The format first: "x" is no address at all, which says more than its length does.
export const Email = requiredText(
  "validation.email.required",
  Schema.isPattern(EMAIL_PATTERN, { message: "validation.email.invalid" }),
  Schema.isBetweenLength(2, 255, { message: "validation.email.length" }),
);

/** A box that must be ticked, refused with `key` when it is not. */
export const acceptedConsent = (key: string) =>
  Schema.Boolean.annotate({ message: key }).pipe(Schema.check(Schema.makeFilter((value: boolean) => value || key))).annotateKey({ messageMissingKey: key });
export const PrivacyPolicyConsent = acceptedConsent("validation.consent.privacyPolicy");
export const MarketingConsent = acceptedConsent("validation.consent.marketing");
