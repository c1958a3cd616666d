import type { PageContextServer } from "vike/types";
import { siteNavigation } from "../../core";
import { ensurePageLocale } from "../shell/i18n/page-locale";
import { attachPageTexts } from "../shell/i18n/page-texts";
import { contentQueryOf } from "./content-query";

/** The header's and footer's menus, from the CMS's global config story (cached per content version), and the page's texts. */
export async function onBeforeRender(pageContext: PageContextServer) {
  // Before the content query reads it: an error page starts from a pageContext without a locale.
  ensurePageLocale(pageContext);
  const [config] = await Promise.all([pageContext.globalContext.services.content.globalConfig(contentQueryOf(pageContext)), attachPageTexts(pageContext)]);
  return { pageContext: { siteNavigation: config ? siteNavigation(config) : null, texts: pageContext.texts, textsJson: pageContext.textsJson } };
}
