import { Schema } from "effect";
import { isValidSpanishTaxId } from "./tax-id.ops";
import { atMost, optionalText, requiredText } from "./text-field.schema";

/**
 * SPEC §5: the schemas of the form fields beyond the e-mail address and the consents
 * (`email-and-consents.schema.ts`), shared by the browser's forms and the server's routes.
 * Every message is an i18n key, translated where it is shown.
 */
export const Name = requiredText(
  "validation.name.required",
  Schema.isBetweenLength(2, 50, { message: "validation.name.length" }),
);
export const Surname = requiredText(
  "validation.surname.required",
  Schema.isBetweenLength(2, 50, { message: "validation.surname.length" }),
);

export const Password = requiredText(
  "validation.password.required",
  Schema.isBetweenLength(6, 72, { message: "validation.password.length" }),
);

export const Phone = requiredText(
  "validation.phone.required",
  Schema.isPattern(/^\+?[0-9 ()-]{6,20}$/, { message: "validation.phone.invalid" }),
);
export const Address = requiredText("validation.address.required", atMost(255, "validation.address.length"));
export const Cif = requiredText(
  "validation.cif.required",
  // As typed, separators included: enough for any way of writing one, and no padding to store.
  atMost(20, "validation.cif.invalid"),
  Schema.makeFilter((value: string) => isValidSpanishTaxId(value) || "validation.cif.invalid"),
);
export const CompanyName = requiredText("validation.companyName.required", atMost(255, "validation.companyName.length"));
export const CompanyPosition = requiredText("validation.companyPosition.required", atMost(255, "validation.companyPosition.length"));
export const Subject = requiredText("validation.subject.required", atMost(150, "validation.subject.length"));
export const Message = requiredText("validation.message.required", atMost(5000, "validation.message.length"));
/** A message the form does not ask for (the job application's cover note). */
export const OptionalMessage = optionalText("validation.message.length", atMost(5000, "validation.message.length"));
/** What the hospitality visitor wants to talk about, in their words. */
export const InterestIn = requiredText("validation.interestIn.required", atMost(255, "validation.interestIn.length"));
export const PurchaseCode = requiredText("validation.purchaseCode.required");
export const EventChoice = requiredText("validation.event.required");

/**
 * A story's uuid or slug, as the form's choices offer them. Whether the story exists (an upcoming
 * event, an open offer) is for the server to say; this only keeps anything else out.
 */
const STORY_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/;
/** The contact form's event: "" when the question is about no particular event. */
export const OptionalEventChoice = optionalText(
  "validation.select.required",
  Schema.makeFilter((value: string) => value === "" || STORY_REFERENCE.test(value) || "validation.select.required"),
);
export const JobOffer = requiredText("validation.jobOffer.required", Schema.isPattern(STORY_REFERENCE, { message: "validation.jobOffer.required" }));

/** A CV already sent to the upload endpoint, by the id it answered with. */
export const CvUpload = requiredText("validation.cv.required", Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/, { message: "validation.cv.required" }));

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

/** A generic select: one of the offered options. */
export function selectOf<const T extends readonly [string, ...string[]]>(options: T) {
  return Schema.Literals(options)
    .annotate({ message: "validation.select.required" })
    .annotateKey({ messageMissingKey: "validation.select.required" });
}

export const Latitude = Schema.Number.annotate({ message: "validation.latitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "validation.latitude.range" })))
  .annotateKey({ messageMissingKey: "validation.latitude.range" });
export const Longitude = Schema.Number.annotate({ message: "validation.longitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -180, maximum: 180 }, { message: "validation.longitude.range" })))
  .annotateKey({ messageMissingKey: "validation.longitude.range" });
