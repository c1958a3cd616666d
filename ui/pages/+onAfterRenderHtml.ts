import type { PageContextServer } from "vike/types";

/**
 * The dates, numbers and prices the render formatted go to the browser with the page, which
 * hydrates with them (ui/components/i18n/locale-formats.ts).
 *
 * When the server asks for it (`pageMarkupMark`), the page's markup stays out of the document Vike
 * injects its tags into: the mark stands in its place, and the server splices the markup into the
 * bytes it sends (adapters/http/server/page-document.ts says why).
 */
export function onAfterRenderHtml(pageContext: PageContextServer) {
  const { formattedValues } = pageContext;
  if (formattedValues && Object.keys(formattedValues).length > 0) pageContext.formattedValuesJson = JSON.stringify(formattedValues);
  const { pageMarkupMark } = pageContext;
  if (pageMarkupMark === undefined || typeof pageContext.pageHtmlString !== "string") return;
  pageContext.pageMarkup = pageContext.pageHtmlString;
  pageContext.pageHtmlString = pageMarkupMark;
}
