import { Result, Schema, SchemaIssue } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Password,
  PasswordResetConfirmPayload,
  PasswordResetRequestPayload,
  PasswordUpdatePayload,
  ProfileUpdatePayload,
  SignInPayload,
  SignUpPayload,
} from "../../core/domain/account/account.schema";
import { Email, PrivacyPolicyConsent } from "../../core/domain/forms/email-and-consents.schema";
import { Name, OptionalAddress, OptionalBirthdate, OptionalPhone, Surname } from "../../core/domain/forms/field.schema";

// The browser's forms and the server's routes decode with these same schemas, so a decision made
// here is the decision made on both sides.
const format = SchemaIssue.makeFormatterStandardSchemaV1();

/** The i18n keys for `input`, grouped by top-level field. */
function issuesByField(schema: Schema.Top, input: unknown): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, { errors: "all" });
  if (Result.isFailure(result)) {
    for (const issue of format(result.failure.issue).issues) {
      const head = issue.path?.[0];
      const key = String(typeof head === "object" ? head.key : head);
      byField.set(key, [...(byField.get(key) ?? []), issue.message]);
    }
  }
  return byField;
}

/** What the field's own schema says about `value` (absent when the key is missing). */
const fieldIssues = (field: Schema.Top, input: Record<string, unknown>, key: string) =>
  issuesByField(Schema.Struct({ [key]: field as Schema.Codec<unknown, unknown> }), input).get(key) ?? [];

const MISSING = Symbol("missing");
/** A record with the MISSING entries left out, as a form posts it. */
const posted = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== MISSING));

const letters = (length: number) => fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀÉÏÒÚàçéèíïòóúü -'"), minLength: length, maxLength: length });
const lengthNear = (...boundaries: number[]) => fc.oneof(fc.constantFrom(...boundaries.flatMap((n) => [n - 1, n])), fc.nat({ max: boundaries.at(-1)! + 8 }));
const notAString = fc.constantFrom(MISSING, null, 42, true, ["Ana"]);

const name = fc.oneof({ weight: 4, arbitrary: lengthNear(2, 51).chain(letters) }, { weight: 1, arbitrary: notAString });
const password = fc.oneof(
  { weight: 4, arbitrary: lengthNear(6, 73).chain((length) => fc.string({ minLength: length, maxLength: length })) },
  { weight: 1, arbitrary: notAString },
);
/** `local@arena.es` of an exact total length. */
const emailOfLength = (length: number) =>
  fc
    .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789._+-"), minLength: length - "@arena.es".length, maxLength: length - "@arena.es".length })
    .map((local) => `${local}@arena.es`);
const email = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(254, 255, 256, 257).chain(emailOfLength) },
  { weight: 2, arbitrary: fc.nat({ max: 40 }).filter((n) => n >= 10).chain(emailOfLength) },
  { weight: 2, arbitrary: fc.oneof(fc.string(), fc.constantFrom("", "a", "ana@", "@arena.es", "ana@arena", "ana arena@x.es")) },
  { weight: 1, arbitrary: notAString },
);
const phone = fc.oneof(fc.constantFrom("+34 600 000 000", "(96) 123-4567", "12345", ""), fc.string({ maxLength: 22 }), notAString);
const birthdate = fc.oneof(fc.constantFrom("1990-06-15", "2000-02-29", "2999-01-01", "1990-02-30", "15/06/1990", ""), notAString);
const address = fc.oneof(fc.constantFrom("C/ Major 1", ""), fc.string({ maxLength: 12 }), notAString);
const language = fc.constantFrom<unknown>("es", "en", "val", "ca", "", MISSING);
const consent = fc.constantFrom<unknown>(true, false, "true", MISSING);
const code = fc.oneof(fc.constantFrom<unknown>("", MISSING, 7), fc.string({ minLength: 1, maxLength: 20 }));

interface PayloadCase {
  readonly name: string;
  readonly schema: Schema.Top;
  readonly fields: Record<string, Schema.Top>;
  readonly values: fc.Arbitrary<Record<string, unknown>>;
  /** The password and its confirmation, for payloads that repeat one. */
  readonly confirms?: readonly [password: string, confirmation: string];
  /** The current password and the new one, which must differ. */
  readonly differs?: readonly [current: string, next: string];
}

/** A confirmation that equals the password about half of the time. */
const withConfirmation = (values: fc.Arbitrary<Record<string, unknown>>, passwordKey: string, confirmationKey: string) =>
  fc.tuple(values, fc.oneof(fc.constant("same" as const), fc.string(), notAString)).map(([record, confirmation]) => ({
    ...record,
    [confirmationKey]: confirmation === "same" ? record[passwordKey] : confirmation,
  }));

const CASES: PayloadCase[] = [
  {
    name: "sign-up",
    schema: SignUpPayload,
    fields: { name: Name, surname: Surname, email: Email, password: Password, privacyPolicy: PrivacyPolicyConsent },
    values: withConfirmation(fc.record({ name, surname: name, email, password, privacyPolicy: consent }), "password", "passwordConfirmation"),
    confirms: ["password", "passwordConfirmation"],
  },
  { name: "sign-in", schema: SignInPayload, fields: { email: Email, password: Password }, values: fc.record({ email, password }) },
  {
    name: "profile update",
    schema: ProfileUpdatePayload,
    fields: { name: Name, surname: Surname, phone: OptionalPhone, birthdate: OptionalBirthdate, address: OptionalAddress },
    values: fc.record({ name, surname: name, phone, birthdate, address, preferredLanguage: language }),
  },
  {
    name: "password update",
    schema: PasswordUpdatePayload,
    fields: { currentPassword: Password, newPassword: Password },
    // The new password is the current one about a third of the time.
    values: withConfirmation(
      fc.tuple(fc.record({ currentPassword: password, newPassword: password }), fc.boolean(), fc.boolean()).map(([record, same, often]) =>
        same && often ? { currentPassword: record.currentPassword, newPassword: record.currentPassword } : record,
      ),
      "newPassword",
      "newPasswordConfirmation",
    ),
    confirms: ["newPassword", "newPasswordConfirmation"],
    differs: ["currentPassword", "newPassword"],
  },
  { name: "password reset request", schema: PasswordResetRequestPayload, fields: { email: Email }, values: fc.record({ email }) },
  {
    name: "password reset",
    schema: PasswordResetConfirmPayload,
    fields: { newPassword: Password },
    values: withConfirmation(fc.record({ code, newPassword: password }), "newPassword", "newPasswordConfirmation"),
    confirms: ["newPassword", "newPasswordConfirmation"],
  },
];

describe("account payloads decide each field as the field's own schema does", () => {
  for (const { name: payload, schema, fields, values, confirms, differs } of CASES) {
    it(`${payload}`, () => {
      fc.assert(
        fc.property(values, (raw) => {
          const input = posted(raw);
          const issues = issuesByField(schema, input);
          // The new password's own issues, and once every field decodes (the confirmation too), 'the same as the current one'.
          const fieldsDecode =
            Object.entries(fields).every(([key, field]) => fieldIssues(field, input, key).length === 0) && (!confirms || typeof input[confirms[1]] === "string");
          const same = differs !== undefined && fieldsDecode && input[differs[0]] === input[differs[1]];
          for (const [key, field] of Object.entries(fields)) {
            const own = fieldIssues(field, input, key);
            expect(issues.get(key) ?? [], key).toEqual(same && key === differs?.[1] ? [...own, "validation.password.sameAsCurrent"] : own);
          }
          if (!confirms) return;
          // The mismatch is judged once everything else decodes, and then only by equality.
          const [passwordKey, confirmationKey] = confirms;
          const confirmation = input[confirmationKey];
          const othersValid = [...issues.keys()].every((key) => key === confirmationKey || (same && key === differs?.[1]));
          const mismatch = typeof confirmation !== "string" || (othersValid && confirmation !== input[passwordKey]);
          expect(issues.get(confirmationKey) ?? [], confirmationKey).toEqual(mismatch ? ["validation.password.mismatch"] : []);
        }),
        { numRuns: 300 },
      );
    });
  }
});

const VALID_SIGN_UP = { name: "Ana", surname: "Puig", email: "ana@arena.test", password: "secret1", passwordConfirmation: "secret1", privacyPolicy: true };
const accepts = (input: Record<string, unknown>) => issuesByField(SignUpPayload, input).size === 0;

describe("SPEC §5 boundaries, through the sign-up payload", () => {
  it("name and surname: 1 and 51 characters are refused, 2 and 50 accepted", () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 50, 51).chain(letters), fc.constantFrom("name", "surname"), (text, key) => {
        expect(accepts({ ...VALID_SIGN_UP, [key]: text })).toBe(text.length >= 2 && text.length <= 50);
      }),
      { numRuns: 200 },
    );
  });

  it("password: 5 and 73 characters are refused, 6 and 72 accepted, whatever the characters", () => {
    fc.assert(
      fc.property(fc.constantFrom(5, 6, 72, 73).chain((length) => fc.string({ minLength: length, maxLength: length })), (secret) => {
        const decision = accepts({ ...VALID_SIGN_UP, password: secret, passwordConfirmation: secret });
        expect(decision).toBe(secret.length >= 6 && secret.length <= 72);
      }),
      { numRuns: 200 },
    );
  });

  it("email: 255 characters are accepted, 256 refused", () => {
    fc.assert(
      fc.property(fc.constantFrom(255, 256).chain(emailOfLength), (address) => {
        expect(accepts({ ...VALID_SIGN_UP, email: address })).toBe(address.length === 255);
      }),
      { numRuns: 100 },
    );
  });

  it("the confirmation must equal the password exactly", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6, maxLength: 72 }), fc.string(), (secret, confirmation) => {
        const issues = issuesByField(SignUpPayload, { ...VALID_SIGN_UP, password: secret, passwordConfirmation: confirmation });
        expect(issues.get("passwordConfirmation") ?? []).toEqual(secret === confirmation ? [] : ["validation.password.mismatch"]);
        expect([...issues.keys()].filter((key) => key !== "passwordConfirmation")).toEqual([]);
      }),
    );
  });
});
