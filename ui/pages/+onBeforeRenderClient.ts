import type { PageContextClient } from "vike/types";
import { browserServices, setBrowserLocale } from "../../composition/browser";
import { attachI18n } from "../shell/i18n/page-i18n";

export async function onBeforeRenderClient(pageContext: PageContextClient) {
  await attachI18n(pageContext, browserServices().messages);
  setBrowserLocale(pageContext.locale);
}
