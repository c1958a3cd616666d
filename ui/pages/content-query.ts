import type { PageContextServer } from "vike/types";
import type { ContentQuery } from "../../core";

/** The content a request sees: published for visitors; drafts only inside the editor's preview. */
export function contentQueryOf(pageContext: PageContextServer): ContentQuery {
  return { locale: pageContext.locale, version: pageContext.contentPreview ? "draft" : "published" };
}
