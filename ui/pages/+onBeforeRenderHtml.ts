import type { PageContextServer } from "vike/types";
import { attachPageTexts } from "../shell/i18n/page-texts";

// +onBeforeRender has set them, except on an error page rendered after an abort.
export async function onBeforeRenderHtml(pageContext: PageContextServer) {
  await attachPageTexts(pageContext);
  // The render writes here each value it formats; +onAfterRenderHtml sends them with the page.
  pageContext.formattedValues = {};
}
