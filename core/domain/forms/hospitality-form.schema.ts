import { Schema } from "effect";
import { CommunicationConsent, Email, PrivacyPolicyConsent } from "./email-and-consents.schema";
import { Cif, CompanyName, CompanyPosition, InterestIn, Message, Name, Phone, selectOf, Surname } from "./field.schema";
import { COMPANY_TYPES, PRODUCTS_OF_INTEREST } from "./lead-form-fields.settings";

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
