import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { hasRenderableContent, isShownPageState, pageSlugsOfPath, pageSurrogateKeys } from "../../../core";
import { contentQueryOf } from "../content-query";
import { listedFoldersOf, loadBlockData } from "./load-block-data";

export type Data = Awaited<ReturnType<typeof data>>;

/** The CMS page at this path (SPEC §2 catch-all), with what its listing blocks show. */
export async function data(pageContext: PageContextServer) {
  const { content } = pageContext.globalContext.services;
  const query = contentQueryOf(pageContext);
  let story: Awaited<ReturnType<typeof content.page>> = null;
  for (const slug of pageSlugsOfPath(pageContext.logicalPath)) {
    story = await content.page(slug, query);
    if (story) break;
  }
  // A page of blocks this site does not know is nothing for visitors; the preview shows it with a note per block.
  if (!story || (!pageContext.contentPreview && !hasRenderableContent(story.content))) throw render(404);
  const blockData = await loadBlockData(story.content.body ?? [], {
    content,
    query,
    now: new Date(),
    search: pageContext.urlParsed.search,
  });
  const listingPageCounts = Object.values(blockData).flatMap((block) => (block.kind === "events" ? [block.events.pageCount] : []));
  if (!isShownPageState(pageContext.urlParsed.searchAll, listingPageCounts)) throw render(404);
  // What a CDN purges when one of these is published (see surrogate-keys.ops.ts).
  pageContext.headersResponse.set("Surrogate-Key", pageSurrogateKeys({ stories: [story.meta.fullSlug], listings: listedFoldersOf(story.content.body ?? []) }));
  // Only the editor's preview marks its blocks: published pages stay as they are, byte for byte.
  const editable: { editableStory?: string } = pageContext.contentPreview ? { editableStory: story.meta.uuid } : {};
  return { page: story.content, blockData, isHome: story.meta.fullSlug === "home", ...editable };
}
