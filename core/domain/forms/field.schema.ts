import { Schema, type SchemaAST } from "effect";

/**
 * SPEC §5: one schema per form field, shared by the browser's forms and the server's routes.
 * Every message is an i18n key, translated where it is shown.
 */
const required = (key: string) => Schema.isMinLength(1, { message: key });

function requiredText(requiredKey: string, ...checks: ReadonlyArray<SchemaAST.Check<string>>) {
  return Schema.String.pipe(Schema.check(required(requiredKey), ...checks)).annotateKey({ messageMissingKey: requiredKey });
}

export const Name = requiredText(
  "validation.name.required",
  Schema.isBetweenLength(2, 50, { message: "validation.name.length" }),
);
export const Surname = requiredText(
  "validation.surname.required",
  Schema.isBetweenLength(2, 50, { message: "validation.surname.length" }),
);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = requiredText(
  "validation.email.required",
  Schema.isBetweenLength(2, 255, { message: "validation.email.length" }),
  Schema.isPattern(EMAIL_PATTERN, { message: "validation.email.invalid" }),
);
/** Shown when the identity provider could not verify the address. */
export const EMAIL_VERIFICATION_FAILED = "validation.email.verificationFailed";

export const Password = requiredText(
  "validation.password.required",
  Schema.isBetweenLength(6, 72, { message: "validation.password.length" }),
);

export const Phone = requiredText(
  "validation.phone.required",
  Schema.isPattern(/^\+?[0-9 ()-]{6,20}$/, { message: "validation.phone.invalid" }),
);
export const Address = requiredText("validation.address.required");
export const Cif = requiredText(
  "validation.cif.required",
  // Spanish tax ids: NIF/NIE/CIF shapes, letters case-insensitive.
  Schema.isPattern(/^[A-Za-z0-9]{9}$/, { message: "validation.cif.invalid" }),
);
export const CompanyName = requiredText("validation.companyName.required");
export const CompanyPosition = requiredText("validation.companyPosition.required");
export const Subject = requiredText("validation.subject.required");
export const Message = requiredText("validation.message.required");
export const PurchaseCode = requiredText("validation.purchaseCode.required");
export const EventChoice = requiredText("validation.event.required");

/** ISO date (yyyy-mm-dd) of a real day in the past. */
export const Birthdate = requiredText(
  "validation.birthdate.required",
  Schema.makeFilter((value: string) => isPastIsoDate(value) || "validation.birthdate.invalid"),
);

export function isPastIsoDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() < today.getTime() && year >= 1900;
}

const accepted = (key: string) =>
  Schema.Boolean.pipe(Schema.check(Schema.makeFilter((value: boolean) => value || key))).annotateKey({ messageMissingKey: key });
export const PrivacyPolicyConsent = accepted("validation.consent.privacyPolicy");
export const CommunicationConsent = accepted("validation.consent.communication");
export const MarketingConsent = accepted("validation.consent.marketing");

/** A generic select: one of the offered options. */
export function selectOf<const T extends readonly [string, ...string[]]>(options: T) {
  return Schema.Literals(options)
    .annotate({ message: "validation.select.required" })
    .annotateKey({ messageMissingKey: "validation.select.required" });
}

export const CompanyType = selectOf(["company", "individual"]);
export const ProductOfInterest = selectOf([
  "annual-membership",
  "boxes",
  "club",
  "event-rental",
  "restaurant",
  "others",
  "invoice",
]);

export const Latitude = Schema.Number.annotate({ message: "validation.latitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "validation.latitude.range" })))
  .annotateKey({ messageMissingKey: "validation.latitude.range" });
export const Longitude = Schema.Number.annotate({ message: "validation.longitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -180, maximum: 180 }, { message: "validation.longitude.range" })))
  .annotateKey({ messageMissingKey: "validation.longitude.range" });
