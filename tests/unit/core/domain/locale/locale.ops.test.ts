import { describe, expect, it } from "vitest";
import {
  alternateLinks,
  detectLocale,
  LOCALE_COOKIE,
  localeCookie,
  localeForHost,
  localeFromLanguageTag,
  localisePath,
  originForLocale,
  parseAcceptLanguage,
  readCookie,
  resolveRequestLocale,
  serializeCookie,
  splitLocalePrefix,
} from "../../../../../core/domain/locale/locale.ops";
import { DEFAULT_LOCALE_SETTINGS, type LocaleSettings } from "../../../../../core/domain/locale/locale.settings";

describe("locale detection", () => {
  it("maps Valencian and Catalan tags to val", () => {
    expect(localeFromLanguageTag("ca-ES-valencia")).toBe("val");
    expect(localeFromLanguageTag("ca-valencia")).toBe("val");
    expect(localeFromLanguageTag("ca")).toBe("val");
    expect(localeFromLanguageTag("en-GB")).toBe("en");
    expect(localeFromLanguageTag("fr")).toBeUndefined();
  });

  it("orders Accept-Language by q", () => {
    expect(parseAcceptLanguage("fr;q=0.9, en;q=0.8, ca-ES-valencia")).toEqual(["ca-ES-valencia", "fr", "en"]);
  });

  it("prefers the cookie, then the header, then the fallback", () => {
    expect(detectLocale({ cookie: "en", acceptLanguage: "ca", fallback: "es" })).toBe("en");
    expect(detectLocale({ cookie: "xx", acceptLanguage: "fr, ca;q=0.5", fallback: "es" })).toBe("val");
    expect(detectLocale({ cookie: undefined, acceptLanguage: "fr, de", fallback: "es" })).toBe("es");
  });
});

const settings = (overrides: Partial<LocaleSettings> = {}): LocaleSettings => ({ ...DEFAULT_LOCALE_SETTINGS, ...overrides });
const DOMAINS = { es: "arena.test", en: "en.arena.test", val: "val.arena.test" };

describe("Accept-Language parsing", () => {
  it("drops refused (q=0), wildcard, empty and unparsable-q entries", () => {
    expect(parseAcceptLanguage("en;q=0, *, , es;q=abc, val;q=0.1")).toEqual(["val"]);
  });

  it("keeps header order among equal q values and reads q after other parameters", () => {
    expect(parseAcceptLanguage("en;q=0.5, es;level=1;q=0.5, val")).toEqual(["val", "en", "es"]);
  });

  it("has no preferences for a missing header", () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });

  it("skips refused and unknown tags when detecting", () => {
    expect(detectLocale({ cookie: null, acceptLanguage: "en;q=0, fr, es-MX;q=0.2", fallback: "val" })).toBe("es");
    expect(detectLocale({ cookie: "", acceptLanguage: undefined, fallback: "en" })).toBe("en");
  });
});

describe("splitLocalePrefix", () => {
  it("splits a known prefix from the logical path", () => {
    expect(splitLocalePrefix("/val/event/7/")).toEqual({ locale: "val", logicalPath: "/event/7/" });
    expect(splitLocalePrefix("/en/")).toEqual({ locale: "en", logicalPath: "/" });
    expect(splitLocalePrefix("/es")).toEqual({ locale: "es", logicalPath: "/" });
  });

  it("leaves paths without a known prefix whole", () => {
    expect(splitLocalePrefix("/event/7/")).toEqual({ locale: undefined, logicalPath: "/event/7/" });
    expect(splitLocalePrefix("/english/")).toEqual({ locale: undefined, logicalPath: "/english/" });
    expect(splitLocalePrefix("/EN/")).toEqual({ locale: undefined, logicalPath: "/EN/" });
    expect(splitLocalePrefix("/")).toEqual({ locale: undefined, logicalPath: "/" });
    expect(splitLocalePrefix("//en/")).toEqual({ locale: undefined, logicalPath: "//en/" });
  });
});

describe("resolveRequestLocale", () => {
  describe("prefix", () => {
    const prefix = settings({ strategy: "prefix" });

    it("takes the locale from the prefix", () => {
      expect(resolveRequestLocale("/en/event/7/", undefined, prefix)).toEqual({ locale: "en", logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/val/", "arena.test", prefix)).toEqual({ locale: "val", logicalPath: "/" });
    });

    it("names no locale for an unprefixed path (the caller redirects)", () => {
      expect(resolveRequestLocale("/event/7/", undefined, prefix)).toEqual({ locale: undefined, logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/", undefined, prefix)).toEqual({ locale: undefined, logicalPath: "/" });
    });

    it("lets the prefix win over the host's domain", () => {
      const withDomains = settings({ strategy: "prefix", domains: DOMAINS });
      expect(resolveRequestLocale("/es/event/", "en.arena.test", withDomains)).toEqual({ locale: "es", logicalPath: "/event/" });
    });

    it("never reads the visitor's cookie and languages, which decide nothing here (a browser pays for reading them)", () => {
      const read: string[] = [];
      const readSignals = () => (read.push("read"), { cookie: "en", acceptLanguage: "en" });
      for (const strategy of ["prefix", "prefix_except_default"] as const) {
        for (const path of ["/val/event/7/", "/event/7/", "/"]) resolveRequestLocale(path, "arena.test", settings({ strategy }), readSignals);
      }
      expect(read).toEqual([]);
    });
  });

  describe("prefix_except_default", () => {
    const pxd = settings({ strategy: "prefix_except_default", defaultLocale: "val" });

    it("serves unprefixed paths in the default locale", () => {
      expect(resolveRequestLocale("/event/7/", undefined, pxd)).toEqual({ locale: "val", logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/", undefined, pxd)).toEqual({ locale: "val", logicalPath: "/" });
    });

    it("takes other locales from the prefix", () => {
      expect(resolveRequestLocale("/en/event/7/", undefined, pxd)).toEqual({ locale: "en", logicalPath: "/event/7/" });
    });

    it("serves unprefixed paths in the locale of the host's domain", () => {
      const withDomains = settings({ strategy: "prefix_except_default", domains: DOMAINS });
      expect(resolveRequestLocale("/event/", "en.arena.test", withDomains)).toEqual({ locale: "en", logicalPath: "/event/" });
      expect(resolveRequestLocale("/event/", "EN.Arena.Test:8443", withDomains)).toEqual({ locale: "en", logicalPath: "/event/" });
      expect(resolveRequestLocale("/event/", "unknown.test", withDomains)).toEqual({ locale: "es", logicalPath: "/event/" });
    });
  });

  describe("no_prefix", () => {
    const none = settings({ strategy: "no_prefix", defaultLocale: "en" });

    it("always serves the default locale and never reads a prefix", () => {
      expect(resolveRequestLocale("/event/7/", undefined, none)).toEqual({ locale: "en", logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/val/event/7/", undefined, none)).toEqual({ locale: "en", logicalPath: "/val/event/7/" });
    });

    it("follows the visitor's cookie, then languages, when the request carries them", () => {
      expect(resolveRequestLocale("/event/7/", undefined, none, () => ({ cookie: "val", acceptLanguage: "es" }))).toEqual({ locale: "val", logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/event/7/", undefined, none, () => ({ cookie: undefined, acceptLanguage: "ca-ES-valencia" }))).toEqual({ locale: "val", logicalPath: "/event/7/" });
      expect(resolveRequestLocale("/event/7/", undefined, none, () => ({ cookie: undefined, acceptLanguage: "fr" }))).toEqual({ locale: "en", logicalPath: "/event/7/" });
    });

    it("serves the host's domain locale when there is one", () => {
      const withDomains = settings({ strategy: "no_prefix", domains: DOMAINS });
      expect(resolveRequestLocale("/event/", "val.arena.test", withDomains, () => ({ cookie: "en", acceptLanguage: "en" }))).toEqual({ locale: "val", logicalPath: "/event/" });
      expect(resolveRequestLocale("/event/", "val.arena.test", withDomains)).toEqual({ locale: "val", logicalPath: "/event/" });
      expect(resolveRequestLocale("/event/", "arena.test:3000", withDomains)).toEqual({ locale: "es", logicalPath: "/event/" });
    });
  });
});

describe("localeForHost", () => {
  it("matches hosts case-insensitively and without the port", () => {
    const withDomains = settings({ domains: { en: "EN.arena.test" } });
    expect(localeForHost("en.arena.test:443", withDomains)).toBe("en");
    expect(localeForHost("arena.test", withDomains)).toBeUndefined();
    expect(localeForHost(undefined, withDomains)).toBeUndefined();
    expect(localeForHost("en.arena.test", settings())).toBeUndefined();
  });
});

describe("localisePath", () => {
  it("prefixes every locale under prefix", () => {
    const prefix = settings({ strategy: "prefix" });
    expect(localisePath("/", "en", prefix)).toBe("/en/");
    expect(localisePath("/event/7/", "val", prefix)).toBe("/val/event/7/");
    expect(localisePath("/event/7/", "es", prefix)).toBe("/es/event/7/");
    expect(localisePath("event/7/", "es", prefix)).toBe("/es/event/7/");
  });

  it("leaves the default locale unprefixed under prefix_except_default", () => {
    const pxd = settings({ strategy: "prefix_except_default" });
    expect(localisePath("/", "es", pxd)).toBe("/");
    expect(localisePath("/event/", "es", pxd)).toBe("/event/");
    expect(localisePath("/event/", "en", pxd)).toBe("/en/event/");
    expect(localisePath("/", "val", pxd)).toBe("/val/");
  });

  it("never prefixes under no_prefix", () => {
    const none = settings({ strategy: "no_prefix" });
    expect(localisePath("/event/", "en", none)).toBe("/event/");
    expect(localisePath("event/", "val", none)).toBe("/event/");
  });
});

describe("originForLocale", () => {
  it("uses the locale's domain with the site's protocol, else the site origin", () => {
    const withDomains = settings({ domains: { en: "en.arena.test" } });
    expect(originForLocale("en", withDomains, "http://localhost:3000")).toBe("http://en.arena.test");
    expect(originForLocale("es", withDomains, "https://arena.test")).toBe("https://arena.test");
  });
});

describe("alternateLinks", () => {
  it("lists every locale by its BCP 47 tag plus x-default for the default locale", () => {
    expect(alternateLinks("/event/7/", settings(), "https://arena.test")).toEqual([
      { hreflang: "es-ES", href: "https://arena.test/es/event/7/" },
      { hreflang: "en-US", href: "https://arena.test/en/event/7/" },
      { hreflang: "ca-ES-valencia", href: "https://arena.test/val/event/7/" },
      { hreflang: "x-default", href: "https://arena.test/es/event/7/" },
    ]);
  });

  it("points x-default at the unprefixed page under prefix_except_default", () => {
    const links = alternateLinks("/", settings({ strategy: "prefix_except_default", defaultLocale: "en" }), "https://arena.test");
    expect(links).toContainEqual({ hreflang: "en-US", href: "https://arena.test/" });
    expect(links).toContainEqual({ hreflang: "es-ES", href: "https://arena.test/es/" });
    expect(links.at(-1)).toEqual({ hreflang: "x-default", href: "https://arena.test/" });
  });

  it("uses each locale's own domain", () => {
    const links = alternateLinks("/event/", settings({ strategy: "no_prefix", domains: DOMAINS, defaultLocale: "val" }), "https://www.arena.test");
    expect(links).toEqual([
      { hreflang: "es-ES", href: "https://arena.test/event/" },
      { hreflang: "en-US", href: "https://en.arena.test/event/" },
      { hreflang: "ca-ES-valencia", href: "https://val.arena.test/event/" },
      { hreflang: "x-default", href: "https://val.arena.test/event/" },
    ]);
  });
});

describe("locale cookie", () => {
  it("lasts 365 days on path / with SameSite Lax on the same origin", () => {
    expect(localeCookie("val", false)).toEqual({
      name: LOCALE_COOKIE,
      value: "val",
      maxAgeSeconds: 365 * 24 * 60 * 60,
      path: "/",
      sameSite: "Lax",
      secure: false,
    });
  });

  it("uses SameSite None with Secure when cross-origin", () => {
    const cookie = localeCookie("en", true);
    expect(cookie.sameSite).toBe("None");
    expect(cookie.secure).toBe(true);
    expect(cookie.maxAgeSeconds).toBe(31_536_000);
  });

  it("serialises as a Set-Cookie value", () => {
    expect(serializeCookie(localeCookie("val", false))).toBe("arena_locale=val; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(serializeCookie(localeCookie("en", true))).toBe("arena_locale=en; Max-Age=31536000; Path=/; SameSite=None; Secure");
  });

  it("percent-encodes the value", () => {
    const cookie = { ...localeCookie("es", false), value: "a b;c" };
    expect(serializeCookie(cookie).startsWith("arena_locale=a%20b%3Bc; ")).toBe(true);
  });
});

describe("readCookie", () => {
  it("finds one cookie among several, trimming whitespace", () => {
    expect(readCookie("a=1;  arena_locale=en ; b=2", LOCALE_COOKIE)).toBe("en");
    expect(readCookie("arena_locale=val", LOCALE_COOKIE)).toBe("val");
  });

  it("needs an exact name", () => {
    expect(readCookie("arena_locale_old=en; xarena_locale=val", LOCALE_COOKIE)).toBeUndefined();
  });

  it("skips parts without '=' and keeps '=' inside values", () => {
    expect(readCookie("flag; token=a=b", "token")).toBe("a=b");
  });

  it("decodes the value and rejects a malformed encoding", () => {
    expect(readCookie("n=%E2%9C%93", "n")).toBe("✓");
    expect(readCookie("n=%E0%A4%A", "n")).toBeUndefined();
  });

  it("has nothing to read without a header", () => {
    expect(readCookie(undefined, LOCALE_COOKIE)).toBeUndefined();
    expect(readCookie(null, LOCALE_COOKIE)).toBeUndefined();
    expect(readCookie("", LOCALE_COOKIE)).toBeUndefined();
  });

  it("reads back what serializeCookie wrote", () => {
    const cookie = { ...localeCookie("es", false), value: "a b;c=d" };
    const header = serializeCookie(cookie).split("; ")[0];
    expect(readCookie(header, LOCALE_COOKIE)).toBe("a b;c=d");
  });
});
