import type { PageContextServer } from "vike/types";
import { attachPageTexts } from "../../shell/i18n/page-texts";

/** The editor's texts; unlike the site's pages it shows no menus from the CMS. */
export async function onBeforeRender(pageContext: PageContextServer) {
  await attachPageTexts(pageContext);
  return { pageContext: { texts: pageContext.texts, textsJson: pageContext.textsJson } };
}
