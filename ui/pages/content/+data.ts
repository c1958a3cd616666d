import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { isShownPageState, pageSlugOfPath } from "../../../core";
import { contentQueryOf } from "../content-query";
import { loadBlockData } from "./load-block-data";

export type Data = Awaited<ReturnType<typeof data>>;

/** The CMS page at this path (SPEC §2 catch-all), with what its listing blocks show. */
export async function data(pageContext: PageContextServer) {
  const { content } = pageContext.globalContext.services;
  const query = contentQueryOf(pageContext);
  const story = await content.page(pageSlugOfPath(pageContext.logicalPath), query);
  if (!story) throw render(404);
  const blockData = await loadBlockData(story.content.body ?? [], {
    content,
    query,
    now: new Date(),
    search: pageContext.urlParsed.search,
  });
  const listingPageCounts = Object.values(blockData).flatMap((block) => (block.kind === "events" ? [block.events.pageCount] : []));
  if (!isShownPageState(pageContext.urlParsed.searchAll, listingPageCounts)) throw render(404);
  return { page: story.content, blockData, isHome: story.meta.fullSlug === "home" };
}
