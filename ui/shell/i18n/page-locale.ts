import type { PageContext } from "vike/types";
import { resolveRequestLocale } from "../../../core";

/**
 * Gives the page its locale when it has none: an error page rendered after an abort starts from a
 * fresh pageContext (on the server, and in the browser after a client-side navigation).
 */
export function ensurePageLocale(pageContext: PageContext): void {
  if (pageContext.locale) return;
  const settings = pageContext.globalContext.publicConfig.locale;
  const { locale, logicalPath } = resolveRequestLocale(new URL(pageContext.urlOriginal, "http://localhost").pathname, undefined, settings);
  pageContext.locale = locale ?? settings.fallbackLocale;
  pageContext.logicalPath = locale ? logicalPath : "/";
}
