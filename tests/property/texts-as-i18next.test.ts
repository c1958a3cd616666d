import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../adapters/runtime/bundled-messages.adapter";
import { fillPlaceholders, LOCALE_CODES, messageKeys, resolveTexts } from "../../core";
import { i18nFor, textsOf } from "../../ui/shell/i18n/create-i18n";

// The browser reads texts without i18next: the server resolves them with i18next, the browser
// fills their placeholders. Both halves must give what i18next gives, for every text.
const catalog = createBundledMessages();
const FALLBACK = "es";

const placeholderNames = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))];
const value = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.constant(null), fc.constant(undefined), fc.constantFrom("$&", "{{name}}", "<b>", "$1"));

describe("texts as i18next gives them", () => {
  it("resolves every key of every language, fallbacks applied, as i18next does", async () => {
    const fallback = await catalog.load(FALLBACK);
    const keys = messageKeys(fallback);
    for (const locale of LOCALE_CODES) {
      const i18n = await i18nFor(catalog, locale, FALLBACK);
      expect(resolveTexts(await catalog.load(locale), fallback), locale).toEqual(textsOf(i18n, keys));
    }
  });

  it("fills every text's placeholders as i18next's t() does, whatever the values", async () => {
    const keys = messageKeys(await catalog.load(FALLBACK));
    for (const locale of LOCALE_CODES) {
      const i18n = await i18nFor(catalog, locale, FALLBACK);
      const texts = textsOf(i18n, keys);
      const withPlaceholders = keys.filter((key) => placeholderNames(texts[key]!).length > 0);
      expect(withPlaceholders.length).toBeGreaterThan(10);
      fc.assert(
        fc.property(fc.constantFrom(...withPlaceholders), fc.array(value, { minLength: 4, maxLength: 4 }), (key, values) => {
          const named = Object.fromEntries(placeholderNames(texts[key]!).map((name, index) => [name, values[index % values.length]]));
          expect(fillPlaceholders(texts[key]!, named)).toBe(i18n.t(key, named));
        }),
        { numRuns: 300 },
      );
    }
  });
});
