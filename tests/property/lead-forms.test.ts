import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LeadFormField } from "../../core/domain/forms/lead-form-fields.settings";
import { LEAD_FORM_FIELDS, LEAD_FORM_KINDS, LEAD_FORM_SCHEMAS, type LeadFormKind } from "../../core/domain/forms/lead-forms.settings";
import { isValidSpanishTaxId, spanishTaxIdKind, type SpanishTaxIdKind } from "../../core/domain/forms/tax-id.ops";
import { checkForm } from "../../core/domain/forms/form-check.ops";
import { decodeAsServer, firstIssues, VALID_LEAD_PAYLOADS } from "../unit/core/domain/forms/support/lead-payloads";

const letters = (length: number) => fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀÉÏÒÚàçéèíïòóúü -'.,"), minLength: length, maxLength: length });
const accepts = (kind: LeadFormKind, input: Record<string, unknown>) => Result.isSuccess(decodeAsServer(LEAD_FORM_SCHEMAS[kind], input));
const validOf = (kind: LeadFormKind): Readonly<Record<string, string | boolean>> => VALID_LEAD_PAYLOADS[kind];

interface LengthRule {
  readonly kind: LeadFormKind;
  readonly field: string;
  readonly min: number;
  readonly max: number;
}

/** Every bounded text field of every lead form (the email is bounded by whole addresses below). */
const LENGTH_RULES: readonly LengthRule[] = [
  ...(["contact", "hospitality", "job-application"] as const).flatMap((kind) => [
    { kind, field: "name", min: 2, max: 50 },
    { kind, field: "surname", min: 2, max: 50 },
  ]),
  { kind: "contact", field: "subject", min: 1, max: 150 },
  { kind: "contact", field: "message", min: 1, max: 5000 },
  { kind: "hospitality", field: "message", min: 1, max: 5000 },
  { kind: "job-application", field: "message", min: 0, max: 5000 },
  { kind: "hospitality", field: "companyName", min: 1, max: 255 },
  { kind: "hospitality", field: "companyPosition", min: 1, max: 255 },
  { kind: "hospitality", field: "interestIn", min: 1, max: 255 },
  { kind: "job-application", field: "address", min: 1, max: 255 },
];

describe("length boundaries (SPEC §5, §9, and the bounds on what a visitor can make us store)", () => {
  it("each text field takes its minimum and maximum and refuses one character fewer or more", () => {
    const boundary = fc
      .constantFrom(...LENGTH_RULES)
      .chain((rule) => fc.constantFrom(...[rule.min - 1, rule.min, rule.max, rule.max + 1].filter((length) => length >= 0)).chain((length) => letters(length).map((text) => ({ rule, text }))));
    fc.assert(
      fc.property(boundary, ({ rule: { kind, field, min, max }, text }) => {
        const issues = firstIssues(LEAD_FORM_SCHEMAS[kind], { ...validOf(kind), [field]: text });
        const inRange = text.length >= min && text.length <= max;
        expect(Object.keys(issues), `${kind}.${field} (${text.length})`).toEqual(inRange ? [] : [field]);
      }),
      { numRuns: 300 },
    );
  });

  /** `local@arena.es` of an exact total length. */
  const emailOfLength = (length: number) =>
    fc
      .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789._+-"), minLength: length - "@arena.es".length, maxLength: length - "@arena.es".length })
      .map((local) => `${local}@arena.es`);

  it("every form takes an email of 255 characters and refuses one of 256", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEAD_FORM_KINDS), fc.constantFrom(255, 256).chain(emailOfLength), (kind, email) => {
        expect(accepts(kind, { ...validOf(kind), email })).toBe(email.length === 255);
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * A second reading of the tax id rules, written apart from tax-id.ops.ts (arithmetic on character
 * codes, a table for the doubled digits), so that a mistake in one is unlikely to be in both.
 */
const reference = (() => {
  const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
  const DOUBLED_DIGIT_SUM = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
  const isDigit = (char: string) => char >= "0" && char <= "9";
  const nifLetterOf = (digits: string) => NIF_LETTERS[[...digits].reduce((rest, digit) => (rest * 10 + digit.charCodeAt(0) - 48) % 23, 0)]!;
  const cifControlOf = (digits: string) => {
    const sum = [...digits].reduce((total, digit, index) => total + (index % 2 === 0 ? DOUBLED_DIGIT_SUM[Number(digit)]! : Number(digit)), 0);
    const control = (10 - (sum % 10)) % 10;
    return { digit: String(control), letter: control === 0 ? "J" : String.fromCharCode(64 + control) };
  };
  const kindOf = (raw: string): SpanishTaxIdKind | undefined => {
    const id = raw
      .split("")
      .filter((char) => char.trim() !== "" && char !== "-")
      .join("")
      .toUpperCase();
    if (id.length !== 9) return undefined;
    const [head, body, last] = [id[0]!, id.slice(1, 8), id[8]!];
    if (![...body].every(isDigit)) return undefined;
    if (isDigit(head)) return nifLetterOf(head + body) === last ? "nif" : undefined;
    if ("KLM".includes(head)) return nifLetterOf(body) === last ? "nif" : undefined;
    if ("XYZ".includes(head)) return nifLetterOf(String("XYZ".indexOf(head)) + body) === last ? "nie" : undefined;
    if (!"ABCDEFGHJNPQRSUVW".includes(head)) return undefined;
    const control = cifControlOf(body);
    const allowed = "NPQRSW".includes(head) ? [control.letter] : "ABEH".includes(head) ? [control.digit] : [control.letter, control.digit];
    return allowed.includes(last) ? "cif" : undefined;
  };
  return { nifLetterOf, cifControlOf, kindOf };
})();

const digits = (count: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: count, maxLength: count });
const validTaxId: fc.Arbitrary<{ id: string; kind: SpanishTaxIdKind }> = fc.oneof(
  digits(8).map((body) => ({ id: body + reference.nifLetterOf(body), kind: "nif" as const })),
  fc.tuple(fc.constantFrom("K", "L", "M"), digits(7)).map(([head, body]) => ({ id: head + body + reference.nifLetterOf(body), kind: "nif" as const })),
  fc.tuple(fc.constantFrom("X", "Y", "Z"), digits(7)).map(([head, body]) => ({ id: head + body + reference.nifLetterOf(String("XYZ".indexOf(head)) + body), kind: "nie" as const })),
  fc.tuple(fc.constantFrom(..."ABCDEFGHJNPQRSUVW"), digits(7), fc.boolean()).map(([head, body, preferLetter]) => {
    const control = reference.cifControlOf(body);
    const last = "NPQRSW".includes(head) || (preferLetter && !"ABEH".includes(head)) ? control.letter : control.digit;
    return { id: head + body + last, kind: "cif" as const };
  }),
);
const ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("Spanish tax ids", () => {
  it("takes every id whose control character is right, as the reference computes it", () => {
    fc.assert(
      fc.property(validTaxId, ({ id, kind }) => {
        expect(spanishTaxIdKind(id)).toBe(kind);
        expect(accepts("hospitality", { ...validOf("hospitality"), cif: id })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("takes them in any case, with spaces and hyphens between the characters", () => {
    const written = fc.tuple(validTaxId, fc.array(fc.constantFrom("", " ", "-"), { minLength: 9, maxLength: 9 }), fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }));
    fc.assert(
      fc.property(written, ([{ id }, separators, lower]) => {
        const typed = [...id].map((char, index) => (lower[index] ? char.toLowerCase() : char) + separators[index]).join("");
        expect(isValidSpanishTaxId(typed), typed).toBe(true);
      }),
    );
  });

  it("decides any one-character change as the reference does", () => {
    const altered = fc.tuple(validTaxId, fc.nat({ max: 8 }), fc.constantFrom(...ID_CHARACTERS)).filter(([{ id }, index, char]) => id[index] !== char);
    fc.assert(
      fc.property(altered, ([{ id }, index, char]) => {
        const changed = id.slice(0, index) + char + id.slice(index + 1);
        expect(spanishTaxIdKind(changed), `${id} → ${changed}`).toBe(reference.kindOf(changed));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses any id with one digit mistyped", () => {
    const mistyped = fc
      .tuple(validTaxId, fc.nat({ max: 8 }), fc.constantFrom(..."0123456789"))
      .filter(([{ id }, index, digit]) => id[index]! >= "0" && id[index]! <= "9" && id[index] !== digit);
    fc.assert(
      fc.property(mistyped, ([{ id }, index, digit]) => {
        expect(isValidSpanishTaxId(id.slice(0, index) + digit + id.slice(index + 1))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Values a person (or a careless script) could put in a field: mostly right, sometimes not. */
const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  email: ["ana@", "a@b.es", "ana @arena.es"],
  phone: ["600000000", "12", "+34 (96) 000-0000"],
  birthdate: ["2000-02-29", "2999-01-01", "1990-02-30"],
  cif: ["12345678Z", "12345678A", "x-1234567-l", "B12345678"],
  cv: ["a".repeat(16), "a".repeat(15), "a/b".repeat(8)],
  event: ["", "final-2026", "final 2026"],
  jobOffer: ["", "stage-technician", "../x"],
  name: ["A", "Al", " "],
};

function valueOf(field: LeadFormField, valid: string | boolean | undefined): fc.Arbitrary<string | boolean | undefined> {
  const noise: fc.Arbitrary<string | boolean | undefined> =
    field.control === "checkbox"
      ? fc.constantFrom(false, undefined)
      : fc.oneof(fc.constantFrom("", undefined, ...("options" in field ? (field.options ?? []) : []).map((option) => option.value), ...(SAMPLES[field.name] ?? [])), fc.string({ maxLength: 24 }));
  return fc.oneof({ weight: 8, arbitrary: fc.constant(valid) }, { weight: 2, arbitrary: noise });
}

const formValues = (kind: LeadFormKind) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(LEAD_FORM_FIELDS[kind].map((field) => [field.name, valueOf(field, validOf(kind)[field.name])]))),
      fc.dictionary(fc.oneof(fc.constantFrom("__proto__", "constructor", "website", "isAdmin"), fc.string({ maxLength: 8 })), fc.oneof(fc.string(), fc.boolean()), { maxKeys: 3 }),
    )
    .map(([fields, extra]) => {
      // The form's own fields win over extra keys of the same name; an undefined field is one left out.
      const values: Record<string, string | boolean> = { ...extra };
      for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) delete values[name];
        else values[name] = value;
      }
      return values;
    });

describe("the browser and the server decide the same", () => {
  for (const kind of LEAD_FORM_KINDS) {
    it(`${kind}: the form's check and the route's decode accept the same payloads, with the same messages`, () => {
      const schema = LEAD_FORM_SCHEMAS[kind];
      let accepted = 0;
      fc.assert(
        fc.property(formValues(kind), (values) => {
          const browser = checkForm(schema, values);
          const server = decodeAsServer(schema, values);
          expect(browser.ok).toBe(Result.isSuccess(server));
          if (browser.ok) {
            accepted++;
            expect(browser.payload).toEqual(Result.getOrThrow(server));
          } else expect(browser.issues).toEqual(firstIssues(schema, values));
        }),
        { numRuns: 400 },
      );
      // Enough of both outcomes for the comparison to mean something.
      expect(accepted).toBeGreaterThan(20);
    });
  }

  it("the server's payload has only the form's fields", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEAD_FORM_KINDS).chain((kind) => formValues(kind).map((values) => ({ kind, values }))), ({ kind, values }) => {
        const server = decodeAsServer(LEAD_FORM_SCHEMAS[kind], values);
        if (!Result.isSuccess(server)) return;
        const names = new Set<string>(LEAD_FORM_FIELDS[kind].map((field) => field.name));
        expect(Object.keys(server.success as object).filter((key) => !names.has(key))).toEqual([]);
        expect(Object.getPrototypeOf(server.success)).toBe(Object.prototype);
      }),
      { numRuns: 300 },
    );
  });
});
