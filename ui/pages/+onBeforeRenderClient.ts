import type { PageContextClient } from "vike/types";
import { setBrowserPage } from "../../composition/browser";
import type { FormattedValues } from "../components/i18n/locale-formats";
import { ensurePageLocale } from "../shell/i18n/page-locale";
import { parsedTexts } from "../shell/i18n/parsed-texts";

export function onBeforeRenderClient(pageContext: PageContextClient) {
  ensurePageLocale(pageContext);
  // An error page the browser renders by itself comes without texts (the translator keeps the last page's).
  if (pageContext.textsJson) pageContext.texts = parsedTexts(pageContext.textsJson);
  // Hydration shows the dates and prices the server formatted; a page navigated to formats its own.
  pageContext.formattedValues = pageContext.formattedValuesJson ? (JSON.parse(pageContext.formattedValuesJson) as FormattedValues) : {};
  setBrowserPage(pageContext.locale, pageContext.globalContext.publicConfig.identity);
}
