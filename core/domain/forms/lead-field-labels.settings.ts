import type { LeadFormKind } from "./lead-forms.settings";

/**
 * The words for the lead forms' fields and options (i18n keys), shared by the forms on the site
 * and the team's notification mail, so both call a field the same. Plain data: no schema here.
 */
export const LEAD_FIELD_LABELS = {
  name: "leadForm.field.name",
  surname: "leadForm.field.surname",
  email: "leadForm.field.email",
  phone: "leadForm.field.phone",
  subject: "leadForm.field.subject",
  message: "leadForm.field.message",
  event: "leadForm.field.event",
  companyName: "leadForm.field.companyName",
  companyPosition: "leadForm.field.companyPosition",
  cif: "leadForm.field.cif",
  companyType: "leadForm.field.companyType",
  productOfInterest: "leadForm.field.productOfInterest",
  interestIn: "leadForm.field.interestIn",
  jobOffer: "leadForm.field.jobOffer",
  birthdate: "leadForm.field.birthdate",
  address: "leadForm.field.address",
  cv: "leadForm.field.cv",
  privacyPolicy: "leadForm.field.privacyPolicy",
  communication: "leadForm.field.communication",
  marketing: "leadForm.field.marketing",
} as const;

export type LeadFieldName = keyof typeof LEAD_FIELD_LABELS;

/** SPEC §3's choices, by the value a form sends. */
export const LEAD_OPTION_LABELS = {
  companyType: { company: "leadForm.companyType.company", individual: "leadForm.companyType.individual" },
  productOfInterest: {
    "annual-membership": "hospitality.product.annualMembership",
    boxes: "hospitality.product.boxes",
    club: "hospitality.product.club",
    "event-rental": "hospitality.product.eventRental",
    restaurant: "hospitality.product.restaurant",
    others: "hospitality.product.others",
    invoice: "hospitality.product.invoice",
  },
} as const satisfies Partial<Record<LeadFieldName, Readonly<Record<string, string>>>>;

export const LEAD_FORM_TITLES = {
  contact: "leadForm.title.contact",
  hospitality: "leadForm.title.hospitality",
  newsletter: "leadForm.title.newsletter",
  "job-application": "leadForm.title.jobApplication",
} as const satisfies Record<LeadFormKind, string>;

/** The label key of a stored field's name; undefined for a name no form has. */
export function leadFieldLabel(name: string): string | undefined {
  return Object.hasOwn(LEAD_FIELD_LABELS, name) ? LEAD_FIELD_LABELS[name as LeadFieldName] : undefined;
}

/** The label key of a select's value; undefined when the field is not a select or the value not one of its options. */
export function leadOptionLabel(name: string, value: string): string | undefined {
  if (!Object.hasOwn(LEAD_OPTION_LABELS, name)) return undefined;
  const options: Readonly<Record<string, string>> = LEAD_OPTION_LABELS[name as keyof typeof LEAD_OPTION_LABELS];
  return Object.hasOwn(options, value) ? options[value] : undefined;
}
