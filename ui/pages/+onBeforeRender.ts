import type { PageContextServer } from "vike/types";
import { siteNavigation } from "../../core";
import { attachPageTexts } from "../shell/i18n/page-texts";
import { contentQueryOf } from "./content-query";

/** The header's and footer's menus, from the CMS's global config story (cached per content version), and the page's texts. */
export async function onBeforeRender(pageContext: PageContextServer) {
  const [config] = await Promise.all([pageContext.globalContext.services.content.globalConfig(contentQueryOf(pageContext)), attachPageTexts(pageContext)]);
  return { pageContext: { siteNavigation: config ? siteNavigation(config) : null, texts: pageContext.texts, textsJson: pageContext.textsJson } };
}
