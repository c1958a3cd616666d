import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LEAD_FORM_CONSENTS, LEAD_FORM_FIELDS, LEAD_FORM_KINDS, LEAD_FORM_SCHEMAS } from "../../../../../core/domain/forms/lead-forms.settings";
import { ROOT } from "../../../../architecture/import-rules";
import { firstIssues, VALID_LEAD_PAYLOADS, without } from "./support/lead-payloads";

describe("the lead forms' settings", () => {
  it("describe the same four forms", () => {
    for (const table of [LEAD_FORM_SCHEMAS, LEAD_FORM_FIELDS, LEAD_FORM_CONSENTS, VALID_LEAD_PAYLOADS]) expect(Object.keys(table).sort()).toEqual([...LEAD_FORM_KINDS].sort());
  });

  for (const kind of LEAD_FORM_KINDS) {
    describe(kind, () => {
      const schema = LEAD_FORM_SCHEMAS[kind];
      const fields = LEAD_FORM_FIELDS[kind];
      const valid: Readonly<Record<string, string | boolean>> = VALID_LEAD_PAYLOADS[kind];

      it("lists each of the schema's fields once", () => {
        expect(fields.map((field) => field.name).sort()).toEqual(Object.keys(schema.fields).sort());
      });

      it("marks a field required exactly when the schema refuses the form without it", () => {
        for (const field of fields) {
          const empty = field.control === "checkbox" ? false : "";
          const refusedEmpty = field.name in firstIssues(schema, { ...valid, [field.name]: empty });
          const refusedMissing = field.name in firstIssues(schema, without(valid, field.name));
          expect([refusedEmpty, refusedMissing], field.name).toEqual([field.required, field.required]);
        }
      });

      it("has a checkbox for each consent it records, and no other checkbox", () => {
        const checkboxes = fields.filter((field) => field.control === "checkbox").map((field) => field.name);
        expect(checkboxes.sort()).toEqual([...LEAD_FORM_CONSENTS[kind]].sort());
      });

      it("offers in its selects exactly what the schema takes", () => {
        for (const field of fields) {
          if (!("options" in field) || !field.options) continue;
          const values = field.options.map((option) => option.value);
          for (const value of values) expect(firstIssues(schema, { ...valid, [field.name]: value }), value).toEqual({});
          const select = (schema.fields as Record<string, { readonly literals?: readonly unknown[] }>)[field.name]!;
          expect(select.literals, field.name).toEqual(values);
        }
      });
    });
  }

  it("asks every form for the privacy policy, contact and hospitality for communication, the newsletter for marketing", () => {
    expect(LEAD_FORM_CONSENTS).toEqual({
      contact: ["privacyPolicy", "communication"],
      hospitality: ["privacyPolicy", "communication"],
      newsletter: ["privacyPolicy", "marketing"],
      "job-application": ["privacyPolicy"],
    });
  });

  // The field lists and the modules they share; each form's list is a module of its own.
  const FIELD_MODULES = ["lead-form-fields", "person-fields", "contact-form", "hospitality-form", "newsletter-form", "job-application"];

  it("keep the fields' descriptions free of Effect, which every page would otherwise load", () => {
    for (const module of FIELD_MODULES) {
      const source = readFileSync(join(ROOT, `core/domain/forms/${module}.settings.ts`), "utf8");
      const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms)].map((match) => ({ typeOnly: Boolean(match[1]), from: match[2]! }));
      const others = imports.filter((entry) => !entry.typeOnly && !FIELD_MODULES.some((name) => entry.from === `./${name}.settings`));
      expect(others, module).toEqual([]);
    }
  });
});
