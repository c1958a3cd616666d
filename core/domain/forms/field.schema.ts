import { Schema } from "effect";
import { atMost, optionalText, requiredText } from "./text-field.schema";

/**
 * SPEC §5: the schemas of a person's fields (the account's, and the lead forms' that ask for
 * them) beyond the e-mail address and the consents (`email-and-consents.schema.ts`), shared by the
 * browser's forms and the server's routes. A lead form's own fields are in its schema's module, so
 * that the account pages are sent none of their messages. Every message is an i18n key,
 * translated where it is shown.
 */
export const Name = requiredText(
  "validation.name.required",
  Schema.isBetweenLength(2, 50, { message: "validation.name.length" }),
);
export const Surname = requiredText(
  "validation.surname.required",
  Schema.isBetweenLength(2, 50, { message: "validation.surname.length" }),
);

const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
export const Phone = requiredText("validation.phone.required", Schema.isPattern(PHONE_PATTERN, { message: "validation.phone.invalid" }));
export const Address = requiredText("validation.address.required", atMost(255, "validation.address.length"));
/** ISO date (yyyy-mm-dd) of a real day in the past. */
export const Birthdate = requiredText(
  "validation.birthdate.required",
  Schema.makeFilter((value: string) => isPastIsoDate(value) || "validation.birthdate.invalid"),
);

/**
 * The same fields in the account's own profile, which a person may leave empty (""): changing the
 * name alone must not demand them. A lead form that needs them (the job application) requires them.
 */
// The form sends every field, empty or not: only a hand-made request leaves one out, and reads as invalid.
export const OptionalPhone = optionalText(
  "validation.phone.invalid",
  Schema.makeFilter((value: string) => value === "" || PHONE_PATTERN.test(value) || "validation.phone.invalid"),
).annotateKey({ messageMissingKey: "validation.phone.invalid" });
export const OptionalAddress = optionalText("validation.address.length", atMost(255, "validation.address.length")).annotateKey({
  messageMissingKey: "validation.address.length",
});
export const OptionalBirthdate = optionalText(
  "validation.birthdate.invalid",
  Schema.makeFilter((value: string) => value === "" || isPastIsoDate(value) || "validation.birthdate.invalid"),
).annotateKey({ messageMissingKey: "validation.birthdate.invalid" });

export function isPastIsoDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() < today.getTime() && year >= 1900;
}

/** A generic select: one of the offered options. */
export function selectOf<const T extends readonly [string, ...string[]]>(options: T) {
  return Schema.Literals(options)
    .annotate({ message: "validation.select.required" })
    .annotateKey({ messageMissingKey: "validation.select.required" });
}
