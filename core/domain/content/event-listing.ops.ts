import { PAGE_STATE_PARAMETERS, type PageStateParameter } from "../routing/page-query.ops";
import { isEventCategory } from "./event-category.ops";
import { isPastEvent } from "../tickets/event-availability.ops";
import type { EventSummary, Paged } from "./listing.ops";

export interface EventListingRequest {
  readonly category: string | undefined;
  /** Words to find in the title, subtitle or location (SPEC §2's `search` parameter). */
  readonly search: string | undefined;
  readonly page: number;
  readonly pageSize: number;
  /** Past events come after the upcoming ones, most recent first. */
  readonly includePast: boolean;
  readonly now: Date;
}

/** One page of the events listing: upcoming first (soonest first), then past ones if asked. */
export function pageOfEvents(events: readonly EventSummary[], request: EventListingRequest): Paged<EventSummary> {
  const terms = searchTerms(request.search);
  const inCategory = events.filter(
    (event) => (!request.category || event.category === request.category) && terms.every((term) => searchableText(event).includes(term)),
  );
  const upcoming = inCategory.filter((event) => !isPastEvent(event, request.now)).sort(byDate);
  const past = request.includePast ? inCategory.filter((event) => isPastEvent(event, request.now)).sort(byDate).reverse() : [];
  const all = [...upcoming, ...past];
  const pageCount = Math.max(1, Math.ceil(all.length / request.pageSize));
  const page = Math.min(Math.max(1, request.page), pageCount);
  return { items: all.slice((page - 1) * request.pageSize, page * request.pageSize), page, pageCount, total: all.length };
}

/** The next `limit` events, optionally of one category. */
export function upcomingEvents(events: readonly EventSummary[], limit: number, now: Date, category?: string): EventSummary[] {
  return events
    .filter((event) => !isPastEvent(event, now) && (!category || event.category === category))
    .sort(byDate)
    .slice(0, limit);
}

/** The categories present among the events, in a stable order. */
export function categoriesOf(events: readonly EventSummary[], offered?: readonly string[]): string[] {
  const present = new Set<string>(events.flatMap((event) => (event.category ? [event.category] : [])));
  const order = offered && offered.length > 0 ? offered : [...present].sort();
  return order.filter((category) => present.has(category));
}

/** Lower-case words without accents: "Túria" and "turia" find the same events. */
function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

function searchTerms(search: string | undefined): string[] {
  return normalise((search ?? "").slice(0, 100)).split(/\s+/).filter(Boolean);
}

function searchableText(event: EventSummary): string {
  return normalise([event.title, event.subtitle ?? "", event.location ?? ""].join(" "));
}

/** A positive page number from a query parameter; anything else is page 1. */
export function pageParameter(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

// By instant, not by text: offsets differ across daylight-saving changes.
function byDate(a: EventSummary, b: EventSummary): number {
  return Date.parse(a.dateFrom) - Date.parse(b.dateFrom);
}

/**
 * Whether a page can show the state its query asks for: one value at most per page-state
 * parameter; none at all on a page without an events listing; `page` a plain number within the
 * listing's pages; `category` one of the known categories. Anything else is not a page of the
 * site (404), so it can neither be rendered at will nor fill the page cache.
 */
export function isShownPageState(searchAll: Readonly<Record<string, readonly string[]>>, listingPageCounts: readonly number[]): boolean {
  const values = (name: PageStateParameter) => (Object.hasOwn(searchAll, name) ? (searchAll[name] ?? []) : []).filter((value) => value !== "");
  for (const name of PAGE_STATE_PARAMETERS) {
    const given = values(name);
    if (given.length > 1) return false;
    if (given.length === 1 && listingPageCounts.length === 0) return false;
  }
  const [page] = values("page");
  if (page !== undefined && (!/^[1-9]\d{0,4}$/.test(page) || Number(page) > Math.max(...listingPageCounts))) return false;
  const [category] = values("category");
  if (category !== undefined && !isEventCategory(category)) return false;
  const [search] = values("search");
  return search === undefined || search.length <= MAX_SEARCH_LENGTH;
}

/** The events search box's maxlength. */
export const MAX_SEARCH_LENGTH = 100;
