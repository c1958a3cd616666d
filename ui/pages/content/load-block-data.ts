import {
  categoriesOf,
  eventSummary,
  jobOfferSummary,
  pageOfEvents,
  pageParameter,
  restaurantSummary,
  sponsorSummary,
  upcomingEvents,
  type Block,
  type BlockData,
  type BlockDataByUid,
  type ContentPort,
  type ContentQuery,
  type ListedFolder,
} from "../../../core";

/** The contact form's event choices: the next ones, enough to find the one a question is about. */
const CONTACT_EVENT_CHOICES = 50;

export interface BlockDataRequest {
  readonly content: ContentPort;
  readonly query: ContentQuery;
  readonly now: Date;
  /** The page's query parameters: the events listing reads `page` and `category`. */
  readonly search: Readonly<Record<string, string>>;
}

/** The folders whose stories the page's blocks list (the contact form lists the next events). */
export function listedFoldersOf(blocks: readonly Block[]): readonly ListedFolder[] {
  const needs = new Set(flatten(blocks).map((block) => block.component));
  const folders: ListedFolder[] = [];
  if (needs.has("events") || needs.has("upcoming_events") || needs.has("contact")) folders.push("events");
  if (needs.has("restaurants")) folders.push("restaurants");
  if (needs.has("sponsors")) folders.push("sponsors");
  if (needs.has("job_offers_section")) folders.push("jobs");
  return folders;
}

/** Fetches what the page's listing blocks show, once per kind of content, keyed by block _uid. */
export async function loadBlockData(blocks: readonly Block[], request: BlockDataRequest): Promise<BlockDataByUid> {
  const { content, query, now } = request;
  const flat = flatten(blocks);
  const listed = new Set(listedFoldersOf(blocks));
  const [events, restaurants, sponsors, offers] = await Promise.all([
    listed.has("events") ? content.events(query) : [],
    listed.has("restaurants") ? content.restaurants(query) : [],
    listed.has("sponsors") ? content.sponsors(query) : [],
    listed.has("jobs") ? content.jobOffers(query) : [],
  ]);
  const eventSummaries = events.map((event) => eventSummary(event.meta, event.content, now));
  const data: Record<string, BlockData> = {};
  for (const block of flat) {
    switch (block.component) {
      case "events": {
        const categories = categoriesOf(eventSummaries, block.categories);
        const requested = request.search.category;
        const category = requested && categories.includes(requested) ? requested : undefined;
        const search = request.search.search?.trim() || undefined;
        const listing = pageOfEvents(eventSummaries, {
          category,
          search,
          page: pageParameter(request.search.page),
          pageSize: Number(block.page_size ?? 6),
          includePast: block.include_past ?? false,
          now,
        });
        data[block._uid] = { kind: "events", events: listing, categories, category, search };
        break;
      }
      case "upcoming_events":
        data[block._uid] = { kind: "upcoming-events", events: upcomingEvents(eventSummaries, Number(block.limit ?? 6), now, block.category || undefined) };
        break;
      case "restaurants":
        data[block._uid] = { kind: "restaurants", restaurants: restaurants.map((story) => restaurantSummary(story.meta, story.content)) };
        break;
      case "sponsors": {
        const tiers = block.tiers?.length ? block.tiers : ["institutional", "premium"];
        data[block._uid] = {
          kind: "sponsors",
          sponsors: sponsors.map((story) => sponsorSummary(story.meta, story.content)).filter((sponsor) => tiers.includes(sponsor.tier)),
        };
        break;
      }
      case "contact":
        data[block._uid] = {
          kind: "contact",
          events: upcomingEvents(eventSummaries, CONTACT_EVENT_CHOICES, now).map(({ slug, title, dateFrom }) => ({ slug, title, dateFrom })),
        };
        break;
      case "job_offers_section":
        data[block._uid] = { kind: "job-offers", offers: offers.map((story) => jobOfferSummary(story.meta, story.content)) };
        break;
      default:
        break;
    }
  }
  return data;
}

function flatten(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block) => (block.component === "grid_layout" ? [block, ...flatten(block.items ?? [])] : [block]));
}
