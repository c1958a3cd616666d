import type { PageContextServer } from "vike/types";
import { attachI18n } from "../shell/i18n/page-i18n";

export async function onBeforeRenderHtml(pageContext: PageContextServer) {
  await attachI18n(pageContext, pageContext.globalContext.services.messages);
}
