import type { PageContext } from "vike/types";
import { resolveRequestLocale, type MessageCatalog } from "../../core";
import { createI18n } from "./create-i18n";

/** Makes `pageContext.i18n` for the page's locale, loading the fallback messages first (SPEC §4). */
export async function attachI18n(pageContext: PageContext, catalog: MessageCatalog): Promise<void> {
  const settings = pageContext.globalContext.publicConfig.locale;
  const fallback = settings.fallbackLocale;
  if (!pageContext.locale) {
    // An error page rendered after an abort starts from a fresh pageContext: find the locale again.
    const { locale, logicalPath } = resolveRequestLocale(pathOf(pageContext.urlOriginal), undefined, settings);
    pageContext.locale = locale ?? fallback;
    pageContext.logicalPath = locale ? logicalPath : "/";
  }
  const fallbackMessages = await catalog.load(fallback);
  const messages = await catalog.load(pageContext.locale);
  pageContext.i18n = createI18n(pageContext.locale, messages, fallback, fallbackMessages);
}

function pathOf(url: string): string {
  return new URL(url, "http://localhost").pathname;
}
