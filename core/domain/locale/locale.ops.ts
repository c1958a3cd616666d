import { LOCALE_CODES, LOCALES, isLocaleCode, type LocaleCode, type LocaleSettings } from "./locale.settings";

export const LOCALE_COOKIE = "arena_locale";
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Maps one language tag to a site locale; Catalan and its Valencian variants are served in val. */
export function localeFromLanguageTag(tag: string): LocaleCode | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === "") return undefined;
  const primary = lower.split(/[-_]/)[0];
  if (primary === "es") return "es";
  if (primary === "en") return "en";
  if (primary === "ca" || primary === "val") return "val";
  return undefined;
}

/** Accept-Language entries by preference (q descending, header order breaking ties); q=0 is a refusal. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export interface LocaleSignals {
  readonly cookie: string | null | undefined;
  readonly acceptLanguage: string | null | undefined;
  readonly fallback: LocaleCode;
}

/** SPEC §4: the stored cookie first, then the browser's languages, then the configured fallback. */
export function detectLocale(signals: LocaleSignals): LocaleCode {
  if (signals.cookie && isLocaleCode(signals.cookie)) return signals.cookie;
  for (const tag of parseAcceptLanguage(signals.acceptLanguage)) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return signals.fallback;
}

export interface LocalisedPath {
  /** The locale named by the URL, or undefined when the URL names none. */
  readonly locale: LocaleCode | undefined;
  /** The path without its locale prefix, always starting with `/`. */
  readonly logicalPath: string;
}

/** Splits `/val/event/7/` into `val` and `/event/7/`; a path without a known prefix has no locale. */
export function splitLocalePrefix(pathname: string): LocalisedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocaleCode(first)) return { locale: first, logicalPath: match?.[2] ?? "/" };
  return { locale: undefined, logicalPath: pathname };
}

/** The locale a request is for, from its host and path, under the configured strategy. */
export function resolveRequestLocale(
  pathname: string,
  host: string | undefined,
  settings: LocaleSettings,
  /**
   * Reads the visitor's stored choice and languages: under no_prefix the URL names no locale, so they
   * decide. Read only then: in a browser, the cookie and the languages cost the loading page's
   * main thread several milliseconds (a round trip to the browser's network process for the cookie).
   */
  readSignals?: () => Omit<LocaleSignals, "fallback">,
): LocalisedPath {
  const byDomain = localeForHost(host, settings);
  if (settings.strategy === "no_prefix") {
    const detected = readSignals ? detectLocale({ ...readSignals(), fallback: settings.defaultLocale }) : settings.defaultLocale;
    return { locale: byDomain ?? detected, logicalPath: pathname };
  }
  const split = splitLocalePrefix(pathname);
  if (split.locale) return split;
  if (settings.strategy === "prefix_except_default") {
    return { locale: byDomain ?? settings.defaultLocale, logicalPath: pathname };
  }
  return split;
}

export function localeForHost(host: string | undefined, settings: LocaleSettings): LocaleCode | undefined {
  if (!host) return undefined;
  const bare = host.toLowerCase().replace(/:\d+$/, "");
  return LOCALE_CODES.find((code) => settings.domains[code]?.toLowerCase() === bare);
}

/**
 * SPEC §8: once locales have domains of their own, a locale without one is served on the site's
 * origin, which is worth a warning (a forgotten entry of LOCALE_DOMAINS); none are missing when no
 * locale has a domain.
 */
export function localesWithoutDomain(settings: LocaleSettings): LocaleCode[] {
  if (!LOCALE_CODES.some((code) => settings.domains[code])) return [];
  return LOCALE_CODES.filter((code) => !settings.domains[code]);
}

/** The URL path of a logical path in a locale, under the configured strategy. */
export function localisePath(logicalPath: string, locale: LocaleCode, settings: LocaleSettings): string {
  const path = logicalPath.startsWith("/") ? logicalPath : `/${logicalPath}`;
  if (settings.strategy === "no_prefix") return path;
  if (settings.strategy === "prefix_except_default" && locale === settings.defaultLocale) return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
}

/** The absolute origin a locale is served from: its own domain when it has one. */
export function originForLocale(locale: LocaleCode, settings: LocaleSettings, siteOrigin: string): string {
  const domain = settings.domains[locale];
  if (!domain) return siteOrigin;
  const protocol = new URL(siteOrigin).protocol;
  return `${protocol}//${domain}`;
}

export interface AlternateLink {
  readonly hreflang: string;
  readonly href: string;
}

/** hreflang alternates for every locale plus x-default (the default locale's page). */
export function alternateLinks(logicalPath: string, settings: LocaleSettings, siteOrigin: string): AlternateLink[] {
  const links = LOCALE_CODES.map((code) => ({
    hreflang: LOCALES[code].language,
    href: originForLocale(code, settings, siteOrigin) + localisePath(logicalPath, code, settings),
  }));
  const fallback = settings.defaultLocale;
  links.push({
    hreflang: "x-default",
    href: originForLocale(fallback, settings, siteOrigin) + localisePath(logicalPath, fallback, settings),
  });
  return links;
}

export interface CookieSpec {
  readonly name: string;
  readonly value: string;
  readonly maxAgeSeconds: number;
  readonly path: "/";
  readonly sameSite: "Lax" | "None";
  readonly secure: boolean;
}

/** SPEC §9: 365 days, path /, SameSite lax; none (which browsers only accept with Secure) when cross-origin. */
export function localeCookie(locale: LocaleCode, crossOrigin: boolean): CookieSpec {
  return {
    name: LOCALE_COOKIE,
    value: locale,
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S,
    path: "/",
    sameSite: crossOrigin ? "None" : "Lax",
    secure: crossOrigin,
  };
}

export function serializeCookie(cookie: CookieSpec): string {
  const parts = [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    `Path=${cookie.path}`,
    `SameSite=${cookie.sameSite}`,
  ];
  if (cookie.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
