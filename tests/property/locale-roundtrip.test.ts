import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localisePath, originForLocale, resolveRequestLocale } from "../../core/domain/locale/locale.ops";
import { LOCALE_CODES, type LocaleCode, type LocaleSettings } from "../../core/domain/locale/locale.settings";

const SITE_ORIGIN = "https://www.arena.test";
const DOMAIN: Record<LocaleCode, string> = { es: "arena.test", en: "en.arena.test", val: "val.arena.test" };

const locale = fc.constantFrom(...LOCALE_CODES);
const settings: fc.Arbitrary<LocaleSettings> = fc
  .record({
    strategy: fc.constantFrom("prefix" as const, "prefix_except_default" as const, "no_prefix" as const),
    defaultLocale: locale,
    fallbackLocale: locale,
    withDomain: fc.subarray([...LOCALE_CODES]),
    redirectRoot: fc.boolean(),
  })
  .map(({ withDomain, ...rest }) => ({
    ...rest,
    domains: Object.fromEntries(withDomain.map((code) => [code, DOMAIN[code]])),
  }));

/** Logical paths as pages use them; a first segment never names a locale (it would be read as a prefix). */
const logicalPath = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { maxLength: 4 }).filter((segments) => !(LOCALE_CODES as readonly string[]).includes(segments[0] ?? "")),
    fc.boolean(),
  )
  .map(([segments, slash]) => (segments.length === 0 ? "/" : `/${segments.join("/")}${slash ? "/" : ""}`));

/** The host a browser sends for a locale's page: its own domain, or the site's. */
const hostFor = (code: LocaleCode, s: LocaleSettings) => new URL(originForLocale(code, s, SITE_ORIGIN)).host;

describe("localisePath then resolveRequestLocale", () => {
  it("round-trips the locale and the logical path under every strategy", () => {
    fc.assert(
      fc.property(settings, locale, logicalPath, (s, code, path) => {
        // Without a prefix or a domain, nothing in the request can name a non-default locale.
        fc.pre(s.strategy !== "no_prefix" || code === s.defaultLocale || s.domains[code] !== undefined);
        expect(resolveRequestLocale(localisePath(path, code, s), hostFor(code, s), s)).toEqual({ locale: code, logicalPath: path });
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips any path under prefix, even one that starts with a locale's name", () => {
    const anyPath = fc.string().map((rest) => `/${rest}`);
    fc.assert(
      fc.property(settings, locale, anyPath, (s, code, path) => {
        const prefix = { ...s, strategy: "prefix" as const };
        expect(resolveRequestLocale(localisePath(path, code, prefix), hostFor(code, prefix), prefix)).toEqual({
          locale: code,
          logicalPath: path,
        });
      }),
    );
  });
});
