import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectLocale } from "../../core/domain/locale/locale.ops";
import { LOCALE_CODES, type LocaleCode } from "../../core/domain/locale/locale.settings";

// Tags with the locale a reader would expect them to select; undefined: not one of ours.
const TAGS: ReadonlyArray<readonly [string, LocaleCode | undefined]> = [
  ["es", "es"],
  ["es-ES", "es"],
  ["es-419", "es"],
  ["ES-mx", "es"],
  ["en", "en"],
  ["en-GB", "en"],
  ["en_US", "en"],
  ["ca", "val"],
  ["ca-ES", "val"],
  ["ca-ES-valencia", "val"],
  ["val", "val"],
  ["fr", undefined],
  ["de-DE", undefined],
  ["pt-BR", undefined],
  ["eu", undefined],
  ["gl", undefined],
  ["zh-Hant-TW", undefined],
  ["cat", undefined],
  ["*", undefined],
];

/** One Accept-Language entry; q in thousandths, or no q parameter (which means 1). */
const entry = fc.record({
  tag: fc.constantFrom(...TAGS),
  q: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
});

const header = (entries: ReadonlyArray<{ tag: readonly [string, LocaleCode | undefined]; q: number | undefined }>) =>
  entries.map(({ tag, q }) => (q === undefined ? tag[0] : `${tag[0]};q=${(q / 1000).toFixed(3)}`)).join(", ");

/** The oracle: the recognisable entry with the highest q (> 0), the earliest one on a tie. */
function preferred(entries: ReadonlyArray<{ tag: readonly [string, LocaleCode | undefined]; q: number | undefined }>) {
  let best: { locale: LocaleCode; q: number } | undefined;
  for (const { tag, q } of entries) {
    const weight = q ?? 1000;
    const locale = tag[1];
    if (locale === undefined || weight === 0) continue;
    if (best === undefined || weight > best.q) best = { locale, q: weight };
  }
  return best?.locale;
}

const invalidCookie = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(""),
  fc.string().filter((value) => !(LOCALE_CODES as readonly string[]).includes(value)),
);
const fallback = fc.constantFrom(...LOCALE_CODES);

describe("locale detection order (SPEC §4)", () => {
  it("lets a valid cookie win over any header and fallback", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALE_CODES), fc.array(entry, { maxLength: 8 }), fallback, (cookie, entries, fb) => {
        expect(detectLocale({ cookie, acceptLanguage: header(entries), fallback: fb })).toBe(cookie);
      }),
    );
  });

  it("without a valid cookie, picks the most preferred recognisable language, else the fallback", () => {
    fc.assert(
      fc.property(invalidCookie, fc.array(entry, { maxLength: 8 }), fallback, (cookie, entries, fb) => {
        expect(detectLocale({ cookie, acceptLanguage: header(entries), fallback: fb })).toBe(preferred(entries) ?? fb);
      }),
    );
  });

  it("falls back for headers with nothing recognisable, however malformed", () => {
    const unrecognisable = fc.string().filter((value) => !/(^|[,\s])(es|en|ca|val)([-_;,\s]|$)/i.test(value));
    fc.assert(
      fc.property(invalidCookie, unrecognisable, fallback, (cookie, acceptLanguage, fb) => {
        expect(detectLocale({ cookie, acceptLanguage, fallback: fb })).toBe(fb);
      }),
    );
  });
});
