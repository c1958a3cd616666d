import { COMPANY_TYPES, PRIVACY_POLICY_FIELD, PRODUCTS_OF_INTEREST, type LeadFieldOption, type LeadFormField } from "./lead-form-fields.settings";
import { PERSON_FIELDS } from "./person-fields.settings";

const COMPANY_TYPE_LABELS = {
  company: "leadForm.companyType.company",
  individual: "leadForm.companyType.individual",
} as const satisfies Record<(typeof COMPANY_TYPES)[number], string>;

/** A product's name (i18n key), in the form's select and on the hospitality block's offers. */
export const PRODUCT_OF_INTEREST_LABELS = {
  "annual-membership": "hospitality.product.annualMembership",
  boxes: "hospitality.product.boxes",
  club: "hospitality.product.club",
  "event-rental": "hospitality.product.eventRental",
  restaurant: "hospitality.product.restaurant",
  others: "hospitality.product.others",
  invoice: "hospitality.product.invoice",
} as const satisfies Record<(typeof PRODUCTS_OF_INTEREST)[number], string>;

const optionsOf = <V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): LeadFieldOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** The hospitality enquiry's fields (SPEC §3). */
export const HOSPITALITY_FORM_FIELDS: readonly LeadFormField[] = [
  ...PERSON_FIELDS,
  { name: "companyName", control: "text", label: "leadForm.field.companyName", autocomplete: "organization", required: true },
  { name: "companyPosition", control: "text", label: "leadForm.field.companyPosition", autocomplete: "organization-title", required: true },
  { name: "cif", control: "text", label: "leadForm.field.cif", required: true },
  {
    name: "companyType",
    control: "select",
    label: "leadForm.field.companyType",
    options: optionsOf(COMPANY_TYPES, COMPANY_TYPE_LABELS),
    emptyChoice: "leadForm.chooseOption",
    required: true,
  },
  {
    name: "productOfInterest",
    control: "select",
    label: "leadForm.field.productOfInterest",
    options: optionsOf(PRODUCTS_OF_INTEREST, PRODUCT_OF_INTEREST_LABELS),
    emptyChoice: "leadForm.chooseOption",
    required: true,
  },
  { name: "interestIn", control: "text", label: "leadForm.field.interestIn", required: true },
  { name: "message", control: "textarea", label: "leadForm.field.message", required: true },
  PRIVACY_POLICY_FIELD,
  { name: "communication", control: "checkbox", label: "leadForm.consent.communication", required: true },
];
