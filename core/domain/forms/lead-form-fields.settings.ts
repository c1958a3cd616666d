import type { LeadFormKind } from "./lead-forms.settings";

/**
 * The lead forms' fields in the order a person meets them: the form renders them in this order and
 * moves the focus to the first one with a problem. Plain data with no Effect import: every page
 * ships it, while the schemas are loaded on a form's first interaction.
 */
export type LeadFieldControl = "text" | "email" | "tel" | "textarea" | "select" | "checkbox" | "date" | "file" | "event";

export interface LeadFormField {
  /** The payload's key, and the input's name. */
  readonly name: string;
  readonly control: LeadFieldControl;
  /** The input's autocomplete token, where the browser can fill the field in. */
  readonly autocomplete?: string;
  /** A select's values, when the form knows them; the job offers come from the content. */
  readonly options?: readonly string[];
  readonly required: boolean;
}

/** SPEC §3's company types and products of interest, as a form sends them. */
export const COMPANY_TYPES = ["company", "individual"] as const;
export const PRODUCTS_OF_INTEREST = ["annual-membership", "boxes", "club", "event-rental", "restaurant", "others", "invoice"] as const;

const name: LeadFormField = { name: "name", control: "text", autocomplete: "given-name", required: true };
const surname: LeadFormField = { name: "surname", control: "text", autocomplete: "family-name", required: true };
const email: LeadFormField = { name: "email", control: "email", autocomplete: "email", required: true };
const phone: LeadFormField = { name: "phone", control: "tel", autocomplete: "tel", required: true };
const privacyPolicy: LeadFormField = { name: "privacyPolicy", control: "checkbox", required: true };
const communication: LeadFormField = { name: "communication", control: "checkbox", required: true };

export const LEAD_FORM_FIELDS: { readonly [K in LeadFormKind]: readonly LeadFormField[] } = {
  contact: [
    name,
    surname,
    email,
    phone,
    { name: "event", control: "event", required: false },
    { name: "subject", control: "text", required: true },
    { name: "message", control: "textarea", required: true },
    privacyPolicy,
    communication,
  ],
  hospitality: [
    name,
    surname,
    email,
    phone,
    { name: "companyName", control: "text", autocomplete: "organization", required: true },
    { name: "companyPosition", control: "text", autocomplete: "organization-title", required: true },
    { name: "cif", control: "text", required: true },
    { name: "companyType", control: "select", options: COMPANY_TYPES, required: true },
    { name: "productOfInterest", control: "select", options: PRODUCTS_OF_INTEREST, required: true },
    { name: "interestIn", control: "text", required: true },
    { name: "message", control: "textarea", required: true },
    privacyPolicy,
    communication,
  ],
  newsletter: [email, privacyPolicy, { name: "marketing", control: "checkbox", required: true }],
  "job-application": [
    { name: "jobOffer", control: "select", required: true },
    name,
    surname,
    email,
    phone,
    { name: "birthdate", control: "date", autocomplete: "bday", required: true },
    { name: "address", control: "text", autocomplete: "street-address", required: true },
    { name: "cv", control: "file", required: true },
    { name: "message", control: "textarea", required: false },
    privacyPolicy,
  ],
};
