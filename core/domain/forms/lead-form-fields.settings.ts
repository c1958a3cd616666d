/**
 * How the lead forms describe their fields, in the order a person meets them: the form renders them
 * in this order and moves the focus to the first one with a problem; the team's mail and the export
 * list them so. Each form's list is a module of its own (`<form>.settings.ts`), so a page is sent
 * the texts of the forms it shows only. Plain data with no Effect import: the schemas load on a
 * form's first interaction.
 */
export type LeadFieldControl = "text" | "email" | "tel" | "textarea" | "select" | "checkbox" | "date" | "file" | "event";

/** Every field any lead form has: the payload's keys. */
export type LeadFieldName =
  | "name"
  | "surname"
  | "email"
  | "phone"
  | "subject"
  | "message"
  | "event"
  | "companyName"
  | "companyPosition"
  | "cif"
  | "companyType"
  | "productOfInterest"
  | "interestIn"
  | "jobOffer"
  | "birthdate"
  | "address"
  | "cv"
  | "privacyPolicy"
  | "communication"
  | "marketing";

/** One of a select's choices: the value the form sends and the words it shows (i18n key). */
export interface LeadFieldOption {
  readonly value: string;
  readonly label: string;
}

interface LeadFieldBase {
  /** The payload's key, and the input's name. */
  readonly name: LeadFieldName;
  /** The control's label (i18n key); for a consent's checkbox, the sentence the visitor accepts. */
  readonly label: string;
  /** The input's autocomplete token, where the browser can fill the field in. */
  readonly autocomplete?: string;
  readonly required: boolean;
}

/** A select: its first, empty choice says what choosing nothing means (a required select's placeholder). */
export interface LeadSelectField extends LeadFieldBase {
  readonly control: "select" | "event";
  /** The empty choice's words (i18n key). */
  readonly emptyChoice: string;
  /** Its choices, when the form knows them; the events and the job offers come from the content. */
  readonly options?: readonly LeadFieldOption[];
}

export interface LeadInputField extends LeadFieldBase {
  readonly control: Exclude<LeadFieldControl, LeadSelectField["control"]>;
}

export type LeadFormField = LeadSelectField | LeadInputField;

/**
 * SPEC §3's company types and products of interest, as the hospitality form sends them: here, with
 * no words, for its schema and its field list (`hospitality-form.settings.ts`) alike.
 */
export const COMPANY_TYPES = ["company", "individual"] as const;
export const PRODUCTS_OF_INTEREST = ["annual-membership", "boxes", "club", "event-rental", "restaurant", "others", "invoice"] as const;

/** The fields every lead form has. */
export const EMAIL_FIELD: LeadFormField = { name: "email", control: "email", label: "leadForm.field.email", autocomplete: "email", required: true };
export const PRIVACY_POLICY_FIELD: LeadFormField = { name: "privacyPolicy", control: "checkbox", label: "leadForm.consent.privacyPolicy", required: true };
