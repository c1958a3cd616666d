import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS, isLocaleCode, LOCALE_CODES, LOCALES } from "../../../../../core/domain/locale/locale.settings";
import { LocaleSettingsSchema } from "../../../../../core/domain/locale/locale.schema";

describe("locale codes", () => {
  it("recognises exactly the site's three locales", () => {
    expect(LOCALE_CODES).toEqual(["es", "en", "val"]);
    for (const code of LOCALE_CODES) expect(isLocaleCode(code)).toBe(true);
    for (const other of ["ca", "ES", "en-US", "", "fr"]) expect(isLocaleCode(other)).toBe(false);
  });

  it("describes Valencian with the Catalan tags Intl and HTTP understand", () => {
    expect(LOCALES.val).toMatchObject({ language: "ca-ES-valencia", intl: "ca-ES-valencia", acceptLanguage: "ca" });
    expect(Object.values(LOCALES).filter((locale) => locale.isCatchallLocale).map((locale) => locale.code)).toEqual(["es"]);
  });
});

describe("LocaleSettings", () => {
  const decode = Schema.decodeUnknownResult(LocaleSettingsSchema);

  it("accepts the defaults", () => {
    expect(Result.isSuccess(decode(DEFAULT_LOCALE_SETTINGS))).toBe(true);
  });

  it("accepts domains for some locales only", () => {
    const result = decode({ ...DEFAULT_LOCALE_SETTINGS, strategy: "no_prefix", domains: { en: "en.arena.test" } });
    expect(Result.isSuccess(result)).toBe(true);
  });

  it("rejects an unknown strategy or locale", () => {
    expect(Result.isFailure(decode({ ...DEFAULT_LOCALE_SETTINGS, strategy: "subdomain" }))).toBe(true);
    expect(Result.isFailure(decode({ ...DEFAULT_LOCALE_SETTINGS, defaultLocale: "fr" }))).toBe(true);
    expect(Result.isFailure(decode({ ...DEFAULT_LOCALE_SETTINGS, domains: { en: 42 } }))).toBe(true);
  });
});
