import type { PageContextClient } from "vike/types";
import { setBrowserLocale } from "../../composition/browser";
import { ensurePageLocale } from "../shell/i18n/page-locale";

export function onBeforeRenderClient(pageContext: PageContextClient) {
  ensurePageLocale(pageContext);
  setBrowserLocale(pageContext.locale);
}
