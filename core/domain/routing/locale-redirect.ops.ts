import { detectLocale, localisePath, splitLocalePrefix, type LocaleSignals } from "../locale/locale.ops";
import type { LocaleSettings } from "../locale/locale.settings";
import { routes } from "./routes";
import { sameSitePath } from "./same-site-path.ops";
import { isNonPagePath } from "./trailing-slash.ops";

/**
 * Under the `prefix` strategy every page lives under a language (SPEC §2), so a page path without
 * one (`/events/`, `/dashboard/`) goes to the detected language's page, as the root does (SPEC §4:
 * cookie, browser languages, fallback), its query kept; what is not a page there 404s in that
 * language. Files, the API and the editor's one address are left alone, and so is the root when
 * its redirect is switched off. The target is always a path on this site.
 */
export function unprefixedPageRedirect(
  pathname: string,
  search: string,
  settings: LocaleSettings,
  signals: Omit<LocaleSignals, "fallback">,
): string | undefined {
  if (settings.strategy !== "prefix" || !pathname.endsWith("/") || isNonPagePath(pathname)) return undefined;
  if (pathname === "/" ? !settings.redirectRoot : splitLocalePrefix(pathname).locale !== undefined) return undefined;
  if (pathname === routes.editor.path()) return undefined;
  const locale = detectLocale({ ...signals, fallback: settings.fallbackLocale });
  return sameSitePath(`${localisePath(pathname, locale, settings)}${search}`);
}
