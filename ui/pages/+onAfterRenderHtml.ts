import type { PageContextServer } from "vike/types";

/**
 * When the server asks for it (`pageMarkupMark`), the page's markup stays out of the document Vike
 * injects its tags into: the mark stands in its place, and the server splices the markup into the
 * bytes it sends (adapters/http/server/page-document.ts says why).
 */
export function onAfterRenderHtml(pageContext: PageContextServer) {
  const { pageMarkupMark } = pageContext;
  if (pageMarkupMark === undefined || typeof pageContext.pageHtmlString !== "string") return;
  pageContext.pageMarkup = pageContext.pageHtmlString;
  pageContext.pageHtmlString = pageMarkupMark;
}
