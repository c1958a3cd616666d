import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { eventSummary, isShownPageState, pageSurrogateKeys, saleEventOf } from "../../../core";
import { contentQueryOf } from "../content-query";
import { validEventId } from "./event-id";

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContextServer) {
  const slug = validEventId(pageContext);
  // An event page has no listing: a page, category or search in its query is not a page of the site.
  if (!isShownPageState(pageContext.urlParsed.searchAll, [])) throw render(404);
  const query = contentQueryOf(pageContext);
  const event = await pageContext.globalContext.services.content.event(slug, query);
  if (!event) throw render(404);
  const now = new Date();
  // The related events' titles and dates are shown too: their publish makes this page stale.
  const stories = [event.meta.fullSlug, ...event.related.map((related) => related.meta.fullSlug)];
  pageContext.headersResponse.set("Surrogate-Key", pageSurrogateKeys({ stories, listings: [] }));
  // The stock as of this render: the cached page (and its JSON-LD) says it until the next render,
  // and the page asks again in the browser (useLiveAvailability).
  const { availability } = await pageContext.globalContext.services.tickets.sales.offer(saleEventOf(event), now);
  // The related events come as summaries: their resolved stories (most of the content's weight) are not shown.
  const { related_events: _resolved, ...shown } = event.content;
  return {
    event: shown,
    summary: Object.assign(eventSummary(event.meta, event.content, now), { availability }),
    related: event.related.map((related) => eventSummary(related.meta, related.content, now)),
    translatedNames: event.meta.translatedNames,
  };
}
