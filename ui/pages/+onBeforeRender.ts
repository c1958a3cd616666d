import type { PageContextServer } from "vike/types";
import { siteNavigation } from "../../core";
import { contentQueryOf } from "./content-query";

/** The header's and footer's menus, from the CMS's global config story (cached per content version). */
export async function onBeforeRender(pageContext: PageContextServer) {
  const config = await pageContext.globalContext.services.content.globalConfig(contentQueryOf(pageContext));
  return { pageContext: { siteNavigation: config ? siteNavigation(config) : null } };
}
