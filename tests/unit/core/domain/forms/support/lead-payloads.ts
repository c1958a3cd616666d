import { Result, Schema, SchemaIssue } from "effect";
import type { LeadFormKind } from "../../../../../../core/domain/forms/lead-forms.settings";

/** One payload per lead form that every schema accepts; tests change one field at a time. */
export const VALID_LEAD_PAYLOADS = {
  contact: {
    name: "Ana",
    surname: "Puig Soler",
    email: "ana@arena.test",
    phone: "+34 600 000 000",
    subject: "Group tickets",
    message: "We are twelve: is there a group price for the final?",
    event: "lua-serrano-marea-alta",
    privacyPolicy: true,
    communication: true,
  },
  hospitality: {
    name: "Ana",
    surname: "Puig Soler",
    email: "ana@catering.test",
    phone: "960 000 000",
    companyName: "Catering Puig SL",
    companyPosition: "Manager",
    cif: "B12345674",
    companyType: "company",
    productOfInterest: "boxes",
    interestIn: "A box for twelve at the final",
    message: "Could you send us the prices for next season?",
    privacyPolicy: true,
    communication: true,
  },
  newsletter: { email: "ana@arena.test", privacyPolicy: true, marketing: true },
  "job-application": {
    jobOffer: "stage-technician",
    name: "Ana",
    surname: "Puig Soler",
    email: "ana@arena.test",
    phone: "600000000",
    birthdate: "1990-06-15",
    address: "C/ Major 1, València",
    cv: "AbCdEfGhIjKlMnOpQrStUv",
    message: "",
    privacyPolicy: true,
  },
} as const satisfies Record<LeadFormKind, Readonly<Record<string, string | boolean>>>;

const format = SchemaIssue.makeFormatterStandardSchemaV1();

/** Decodes as the server does (every problem, unknown keys ignored). */
export const decodeAsServer = (schema: Schema.Top, input: unknown) =>
  Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, { errors: "all", onExcessProperty: "ignore" });

/** Each top-level field's messages (i18n keys) for `input`; {} when it decodes. */
export function issuesByField(schema: Schema.Top, input: unknown): Record<string, string[]> {
  const result = decodeAsServer(schema, input);
  const byField: Record<string, string[]> = {};
  if (Result.isSuccess(result)) return byField;
  for (const { path, message } of format(result.failure.issue).issues) {
    const head = path?.[0];
    const field = head === undefined ? "" : String(typeof head === "object" && head !== null && "key" in head ? head.key : head);
    (byField[field] ??= []).push(message);
  }
  return byField;
}

/** The first message of each field, as a form shows it. */
export const firstIssues = (schema: Schema.Top, input: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(issuesByField(schema, input)).map(([field, messages]) => [field, messages[0]!]));

/** `payload` without `field`, as a hand-made request that leaves it out. */
export function without<T extends Record<string, unknown>>(payload: T, field: string): Record<string, unknown> {
  const { [field]: _left, ...rest } = payload;
  return rest;
}
