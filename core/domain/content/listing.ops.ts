import type { Asset } from "./asset.schema";
import type { EventContent, JobOfferContent, RestaurantContent, SponsorContent } from "./content-types.schema";
import type { Multilink } from "./link.schema";
import { doorsOpenAt, eventDatesOf } from "./event-dates.ops";
import type { StoryMeta } from "../../ports/content.port";
import { eventAvailability, pricedTicketTypes, type EventAvailability } from "../tickets/event-availability.ops";

/** What a card needs to show an event (SPEC §3 event display, §4 event states). */
export interface EventSummary {
  readonly slug: string;
  readonly title: string;
  readonly subtitle: string | undefined;
  readonly category: EventContent["category"];
  readonly image: Asset | undefined;
  readonly dateFrom: string;
  readonly dateTo: string | undefined;
  /**
   * When the doors open (ISO 8601), worked out here from the story's time of day (`doorsOpenAt`)
   * so that the page only formats it; absent for a run of days or without a time.
   */
  readonly doorsOpenAt?: string | undefined;
  readonly location: string | undefined;
  readonly availability: EventAvailability;
  /** Euro cents: the cheapest ticket type that can be bought (pricedTicketTypes), else the CMS's "price from". */
  readonly priceFrom: number | undefined;
  /** Euro cents: the dearest ticket type; undefined without ticket types. */
  readonly priceTo: number | undefined;
  readonly externalTickets: Multilink | undefined;
}

export function eventSummary(story: StoryMeta, event: EventContent, now: Date): EventSummary {
  const price = event.price_from === undefined ? undefined : Number(event.price_from);
  const typePrices = pricedTicketTypes(event.ticket_types ?? [], now).map((type) => type.price);
  const { doorsOpen: _doors, ...dates } = eventDatesOf(event);
  return {
    slug: story.slug,
    title: event.title || story.name,
    subtitle: event.subtitle || undefined,
    category: event.category,
    image: event.image,
    ...dates,
    doorsOpenAt: doorsOpenAt(eventDatesOf(event))?.toISOString(),
    location: event.location || undefined,
    // No inventory: summaries are cached with their page, so they say what the content says.
    availability: eventAvailability(event, [], now),
    priceFrom: typePrices.length > 0 ? Math.min(...typePrices) : Number.isFinite(price) ? price : undefined,
    priceTo: typePrices.length > 0 ? Math.max(...typePrices) : undefined,
    externalTickets: event.external_tickets,
  };
}

export interface RestaurantSummary {
  readonly slug: string;
  readonly name: string;
  readonly cuisine: string | undefined;
  readonly image: Asset | undefined;
  readonly gallery: readonly Asset[];
  readonly openingHours: string | undefined;
  readonly location: string | undefined;
  readonly description: RestaurantContent["description"];
  readonly reservation: Multilink | undefined;
}

export function restaurantSummary(story: StoryMeta, restaurant: RestaurantContent): RestaurantSummary {
  return {
    slug: story.slug,
    name: restaurant.name || story.name,
    cuisine: restaurant.cuisine || undefined,
    image: restaurant.image,
    gallery: restaurant.gallery ?? [],
    openingHours: restaurant.opening_hours || undefined,
    location: restaurant.location || undefined,
    description: restaurant.description,
    reservation: restaurant.reservation,
  };
}

export interface SponsorSummary {
  readonly slug: string;
  readonly name: string;
  readonly tier: "institutional" | "premium";
  readonly logo: Asset | undefined;
  readonly url: Multilink | undefined;
}

export function sponsorSummary(story: StoryMeta, sponsor: SponsorContent): SponsorSummary {
  return { slug: story.slug, name: sponsor.name || story.name, tier: sponsor.tier ?? "premium", logo: sponsor.logo, url: sponsor.url };
}

export interface JobOfferSummary {
  readonly slug: string;
  readonly title: string;
  readonly department: string | undefined;
  readonly location: string | undefined;
  readonly contract: string | undefined;
  readonly closingDate: string | undefined;
  readonly description: JobOfferContent["description"];
  readonly apply: Multilink | undefined;
}

export function jobOfferSummary(story: StoryMeta, offer: JobOfferContent): JobOfferSummary {
  return {
    slug: story.slug,
    title: offer.title || story.name,
    department: offer.department || undefined,
    location: offer.location || undefined,
    contract: offer.contract || undefined,
    closingDate: offer.closing_date || undefined,
    description: offer.description,
    apply: offer.apply,
  };
}

/** One page of a listing, with what pagination needs. */
export interface Paged<T> {
  readonly items: readonly T[];
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
}

/** The data a listing block shows, keyed by the block's _uid in the page's data. */
export type BlockData =
  | {
      readonly kind: "events";
      readonly events: Paged<EventSummary>;
      readonly categories: readonly string[];
      readonly category: string | undefined;
      readonly search: string | undefined;
    }
  | { readonly kind: "upcoming-events"; readonly events: readonly EventSummary[] }
  | { readonly kind: "restaurants"; readonly restaurants: readonly RestaurantSummary[] }
  | { readonly kind: "sponsors"; readonly sponsors: readonly SponsorSummary[] }
  | { readonly kind: "job-offers"; readonly offers: readonly JobOfferSummary[] }
  /** The contact form asks which upcoming event a message is about. */
  | { readonly kind: "contact"; readonly events: readonly Pick<EventSummary, "slug" | "title" | "dateFrom">[] };

export type BlockDataByUid = Readonly<Record<string, BlockData>>;
