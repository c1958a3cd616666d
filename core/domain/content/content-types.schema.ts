import { Schema, SchemaTransformation } from "effect";
import { Asset } from "./asset.schema";
import { comesAfter } from "./date-order.ops";
import { Multilink } from "./link.schema";
import { EVENT_CATEGORIES } from "./event-category.ops";
import { RichText } from "./rich-text.schema";

/** The story content types besides `page`: the things the listing blocks list. */
const Text = Schema.optionalKey(Schema.String);
const content = <C extends string>(component: C) => ({ component: Schema.Literal(component), _uid: Schema.String });

/** A whole number, as the CMS sends one (a number field arrives as text); an empty field is no number, not 0. */
const Count = (minimum: number) =>
  Schema.Union([
    Schema.Int,
    Schema.String.pipe(Schema.check(Schema.isPattern(/^\s*\d+\s*$/)), Schema.decodeTo(Schema.Number, SchemaTransformation.numberFromString)),
  ]).pipe(Schema.check(Schema.isGreaterThanOrEqualTo(minimum)));
/** An ISO 8601 instant with offset, or "" (how the CMS sends an empty date). */
const Instant = Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.makeFilter((value: string) => value === "" || !Number.isNaN(Date.parse(value))))));

/**
 * One kind of ticket an event sells through the site (issue 10). The ticket store keeps its
 * inventory under the block's `_uid`. Without a sale start it is on sale at once; without an end,
 * until the event is over.
 */
export const TicketTypeContent = Schema.Struct({
  ...content("ticket_type"),
  name: Schema.String.pipe(Schema.check(Schema.isMinLength(1))),
  /** Euro cents; 0 is a free ticket. */
  price: Count(0),
  capacity: Count(0),
  per_order_limit: Count(1),
  /** Tickets of this type one account may hold and have bought for the event; empty: the per-order limit. */
  per_buyer_limit: Schema.optionalKey(Schema.Union([Count(1), Schema.Literal("")])),
  sale_start: Instant,
  sale_end: Instant,
}).check(
  // A window that closes before it opens never sells: the editor meant something else.
  Schema.makeFilter(({ sale_start, sale_end }: { readonly sale_start?: string; readonly sale_end?: string }) =>
    comesAfter(sale_start, sale_end) || { path: ["sale_end"], issue: "sale_end must come after sale_start" },
  ),
);
export type TicketTypeContent = typeof TicketTypeContent.Type;

/** The most tickets of a type one buyer may have for its event: the CMS's per-buyer limit, or the per-order one when it is empty. */
export function perBuyerLimitOf(type: Pick<TicketTypeContent, "per_order_limit" | "per_buyer_limit">): number {
  return typeof type.per_buyer_limit === "number" ? type.per_buyer_limit : type.per_order_limit;
}

/** SPEC §3 event display and §4 event states. Dates are ISO 8601 with offset. */
export const EventContent = Schema.Struct({
  ...content("event"),
  title: Text,
  subtitle: Text,
  category: Schema.optionalKey(Schema.Literals(EVENT_CATEGORIES)),
  image: Schema.optionalKey(Asset),
  gallery: Schema.optionalKey(Schema.Array(Asset)),
  /** An event is a date: without one it could be neither listed nor sold. */
  date_from: Schema.String.pipe(Schema.check(Schema.makeFilter((value: string) => !Number.isNaN(Date.parse(value)) || "an event needs its date (date_from)"))),
  date_to: Text,
  doors_open: Text,
  location: Text,
  status: Schema.optionalKey(Schema.Literals(["on_sale", "sold_out", "coming_soon", "cancelled", "postponed"])),
  ticketing: Schema.optionalKey(Schema.Literals(["internal", "external"])),
  external_tickets: Schema.optionalKey(Multilink),
  /** What the site sells when ticketing is internal. */
  ticket_types: Schema.optionalKey(Schema.Array(TicketTypeContent)),
  /** Issue 51: a waiting room in front of the tickets page from this instant; empty: none. */
  waiting_room_opens: Instant,
  /** When the room starts admitting; arrivals before it get places drawn at random in its last minute. Empty: as it opens. */
  waiting_room_sale_start: Instant,
  /** Buyers admitted per minute; empty: automatic, as many per admission window as there are tickets left. */
  waiting_room_per_minute: Schema.optionalKey(Schema.Union([Count(1), Schema.Literal("")])),
  /** What one ticket admits to, for a run of days (issue 49: a festival's pass is not one show on any day); empty: the site's default. */
  ticket_note: Text,
  /** Lowest price in euro cents. */
  price_from: Schema.optionalKey(Schema.Union([Schema.Int, Schema.NumberFromString])),
  description: Schema.optionalKey(RichText),
  artist_hits: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Story uuids, resolved through resolve_relations. */
  related_events: Schema.optionalKey(Schema.Array(Schema.Unknown)),
});
export type EventContent = typeof EventContent.Type;

export const RestaurantContent = Schema.Struct({
  ...content("restaurant"),
  name: Text,
  cuisine: Text,
  image: Schema.optionalKey(Asset),
  gallery: Schema.optionalKey(Schema.Array(Asset)),
  opening_hours: Text,
  location: Text,
  description: Schema.optionalKey(RichText),
  reservation: Schema.optionalKey(Multilink),
});
export type RestaurantContent = typeof RestaurantContent.Type;

export const JobOfferContent = Schema.Struct({
  ...content("job_offer"),
  title: Text,
  department: Text,
  location: Text,
  contract: Text,
  closing_date: Text,
  description: Schema.optionalKey(RichText),
  apply: Schema.optionalKey(Multilink),
});
export type JobOfferContent = typeof JobOfferContent.Type;

export const SponsorContent = Schema.Struct({
  ...content("sponsor"),
  name: Text,
  tier: Schema.optionalKey(Schema.Literals(["institutional", "premium"])),
  logo: Schema.optionalKey(Asset),
  url: Schema.optionalKey(Multilink),
});
export type SponsorContent = typeof SponsorContent.Type;

export const NavItem = Schema.Struct({ ...content("nav_item"), label: Text, link: Schema.optionalKey(Multilink) });
export type NavItem = typeof NavItem.Type;

/** The site-wide settings story: navigation and footer. */
export const GlobalConfig = Schema.Struct({
  ...content("global_config"),
  main_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  footer_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  legal_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  address: Text,
  phone: Text,
  email: Text,
});
export type GlobalConfig = typeof GlobalConfig.Type;
