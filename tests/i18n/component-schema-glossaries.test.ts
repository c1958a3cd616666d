import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readComponents } from "../../adapters/embedded/embedded-content/store/story-content-check";
import { LOCALE_CODES, schemaTexts } from "../../core";
import { ROOT } from "../architecture/import-rules";

// The embedded editor names the space's components, fields, hints and options in the editor's
// language: English as components.json has them, the others from locales/component-schema/.
const FOLDER = join(ROOT, "locales", "component-schema");
const texts = schemaTexts(readComponents(join(ROOT, "content"), 1000001).components).sort();
const glossaryOf = (file: string) => JSON.parse(readFileSync(join(FOLDER, file), "utf8")) as Record<string, string>;

describe("locales/component-schema/", () => {
  it("has a glossary for every language but the schema's own", () => {
    expect(readdirSync(FOLDER).sort()).toEqual(LOCALE_CODES.filter((code) => code !== "en").map((code) => `${code}.json`).sort());
  });

  it("translates every text of the space's components, and nothing they no longer have", () => {
    expect(texts.length).toBeGreaterThan(100);
    for (const file of readdirSync(FOLDER)) expect(Object.keys(glossaryOf(file)).sort(), file).toEqual(texts);
  });

  it("has no empty translations, and Valencian that is not Spanish copied", () => {
    const spanish = glossaryOf("es.json");
    const valencian = glossaryOf("val.json");
    for (const text of texts) expect([spanish[text]!.trim(), valencian[text]!.trim()], text).not.toContain("");
    // Words both languages share (Club, Festival, Familiar…) are short; a phrase reads differently
    // but for these three, the same in both.
    const copied = texts.filter((text) => valencian[text]!.length > 12 && valencian[text] === spanish[text]);
    expect(copied).toEqual(["External (promoter)", "Hero slide", "Institutional"]);
  });
});
