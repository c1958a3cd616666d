/** The site's languages, in the order the language switcher shows them. */
export const LOCALE_CODES = ["es", "en", "val"] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** How URLs carry the locale (SPEC §2): always, never, or always except the default locale. */
export const LOCALE_STRATEGIES = ["prefix", "prefix_except_default", "no_prefix"] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

/** SPEC §3 Locale: code, language, domain, dir, isCatchallLocale; plus the tags other systems need. */
export interface Locale {
  readonly code: LocaleCode;
  /** BCP 47 tag used in hreflang and og:locale. */
  readonly language: string;
  /** The locale handed to Intl for dates and numbers. */
  readonly intl: string;
  /**
   * The one clock times are written on in this language (issue 49 item 15): the 12-hour clock of
   * the US English dates ("10:00 PM"), the 24-hour clock in Spanish and Valencian ("22:00").
   */
  readonly hourCycle: "h12" | "h23";
  /** What the internal API receives as Accept-Language. */
  readonly acceptLanguage: string;
  readonly name: string;
  readonly dir: "ltr" | "rtl";
  readonly domain?: string;
  readonly isCatchallLocale: boolean;
}

export const LOCALES: Readonly<Record<LocaleCode, Locale>> = {
  es: { code: "es", language: "es-ES", intl: "es-ES", hourCycle: "h23", acceptLanguage: "es", name: "Español", dir: "ltr", isCatchallLocale: true },
  en: { code: "en", language: "en-US", intl: "en-US", hourCycle: "h12", acceptLanguage: "en", name: "English", dir: "ltr", isCatchallLocale: false },
  // Valencian has no ISO 639-1 code of its own: Intl and HTTP know it as Catalan (ca, ca-ES-valencia).
  val: { code: "val", language: "ca-ES-valencia", intl: "ca-ES-valencia", hourCycle: "h23", acceptLanguage: "ca", name: "Valencià", dir: "ltr", isCatchallLocale: false },
};

export interface LocaleSettings {
  readonly strategy: LocaleStrategy;
  readonly defaultLocale: LocaleCode;
  readonly fallbackLocale: LocaleCode;
  /** Optional host per locale; a locale with a domain is served from that host. */
  readonly domains: Readonly<Partial<Record<LocaleCode, string>>>;
  /** Whether `/` redirects to the detected locale's home. */
  readonly redirectRoot: boolean;
}

export const DEFAULT_LOCALE_SETTINGS: LocaleSettings = {
  strategy: "prefix",
  defaultLocale: "es",
  fallbackLocale: "es",
  domains: {},
  redirectRoot: true,
};

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === "string" && (LOCALE_CODES as readonly string[]).includes(value);
}
