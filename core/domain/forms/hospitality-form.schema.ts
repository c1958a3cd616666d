import { Schema } from "effect";
import { CommunicationConsent } from "./communication-consent.schema";
import { Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Name, Phone, selectOf, Surname } from "./field.schema";
import { Message } from "./lead-field.schema";
import { COMPANY_TYPES, PRODUCTS_OF_INTEREST } from "./lead-form-fields.settings";
import { isValidSpanishTaxId } from "./tax-id.ops";
import { atMost, requiredText } from "./text-field.schema";

export const Cif = requiredText(
  "validation.cif.required",
  // As typed, separators included: enough for any way of writing one, and no padding to store.
  atMost(20, "validation.cif.invalid"),
  Schema.makeFilter((value: string) => isValidSpanishTaxId(value) || "validation.cif.invalid"),
);
export const CompanyName = requiredText("validation.companyName.required", atMost(255, "validation.companyName.length"));
export const CompanyPosition = requiredText("validation.companyPosition.required", atMost(255, "validation.companyPosition.length"));
/** What the hospitality visitor wants to talk about, in their words. */
export const InterestIn = requiredText("validation.interestIn.required", atMost(255, "validation.interestIn.length"));

/** One of the choices the form offers (SPEC §3). */
export const CompanyType = selectOf(COMPANY_TYPES);
export const ProductOfInterest = selectOf(PRODUCTS_OF_INTEREST);

/** SPEC §3, §5: a company's hospitality enquiry, decoded alike by the browser's form and the server's route. */
export const HospitalityFormPayload = Schema.Struct({
  name: Name,
  surname: Surname,
  email: Email,
  phone: Phone,
  companyName: CompanyName,
  companyPosition: CompanyPosition,
  cif: Cif,
  companyType: CompanyType,
  productOfInterest: ProductOfInterest,
  interestIn: InterestIn,
  message: Message,
  privacyPolicy: PrivacyPolicyConsent,
  communication: CommunicationConsent,
});
export type HospitalityFormPayload = typeof HospitalityFormPayload.Type;
