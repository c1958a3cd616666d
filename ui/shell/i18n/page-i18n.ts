import type { PageContext } from "vike/types";
import { resolveRequestLocale, type MessageCatalog } from "../../../core";
import { i18nFor } from "./create-i18n";

/** Makes `pageContext.i18n` for the page's locale. */
export async function attachI18n(pageContext: PageContext, catalog: MessageCatalog): Promise<void> {
  const settings = pageContext.globalContext.publicConfig.locale;
  const fallback = settings.fallbackLocale;
  if (!pageContext.locale) {
    // An error page rendered after an abort starts from a fresh pageContext: find the locale again.
    const { locale, logicalPath } = resolveRequestLocale(pathOf(pageContext.urlOriginal), undefined, settings);
    pageContext.locale = locale ?? fallback;
    pageContext.logicalPath = locale ? logicalPath : "/";
  }
  pageContext.i18n = await i18nFor(catalog, pageContext.locale, fallback);
}

function pathOf(url: string): string {
  return new URL(url, "http://localhost").pathname;
}
