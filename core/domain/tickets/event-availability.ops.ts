import { perBuyerLimitOf, type EventContent, type TicketTypeContent } from "../content/content-types.schema";
import { eventDatesOf, type EventDates } from "../content/event-dates.ops";
import { availableOf, type TicketTypeInventory } from "./ticket-inventory.ops";

/** SPEC §4: sold out, coming soon, or purchasable with internal or external tickets; and the event's own fate. */
export type EventAvailability = "coming-soon" | "on-sale" | "few-left" | "external-tickets" | "sold-out" | "past" | "cancelled" | "postponed";

/**
 * "Few left" once what can still be bought is at most 5 % of the capacity on sale, or 20 tickets,
 * whichever is more: 5 % of a 20,000-seat arena (1,000) goes within a minute of a rush, so the
 * badge still means "hurry"; in a 300-seat room 5 % (15) would come too late to matter.
 */
export const FEW_TICKETS_LEFT = { shareOfCapacity: 0.05, atLeast: 20 } as const;

export function fewTicketsLeftThreshold(capacity: number): number {
  return Math.max(Math.ceil(capacity * FEW_TICKETS_LEFT.shareOfCapacity), FEW_TICKETS_LEFT.atLeast);
}

/** A ticket type the buyer can choose now, with what is left of it. */
export interface TicketTypeOnSale {
  readonly ticketTypeId: string;
  readonly name: string;
  readonly priceCents: number;
  readonly perOrderLimit: number;
  /** The most of it one buyer may have for the event, held and bought together. */
  readonly perBuyerLimit: number;
  readonly available: number;
}

/**
 * The one answer to "can this event's tickets be bought, and how": the badge, the buy button,
 * JSON-LD and the sitemap all read it. A pure function of the content, the ticket store's
 * inventory and `now`. The first rule that applies decides:
 *
 * 1. cancelled, postponed: the editor's status. They outlive the event's date: a postponed event
 *    keeps its old date until the new one is known, and a cancelled one stays cancelled, which is
 *    what someone looking it up afterwards (for a refund) needs to read.
 * 2. past: once the last day is over (`date_to`, else `date_from`; see isPastEvent).
 * 3. sold-out, coming-soon: the editor's status, which overrides what the ticket types say (a
 *    box office that sold everything, a sale held back).
 * 4. external-tickets: sold elsewhere, so the site knows nothing more.
 * 5. Internal sales, by the ticket types whose sale window is open now (start inclusive, end
 *    exclusive): on-sale, or few-left (FEW_TICKETS_LEFT, over all open types together) while any
 *    is left. Nothing left now: coming-soon if some type's sale opens later (the earliest start
 *    ends "coming soon"), else sold-out — a sale that has closed for good is sold-out too, not a
 *    state of its own: nothing can be bought here any more, whether it was sold or the window
 *    closed, so the badge, the disabled button and schema.org's SoldOut would say the same thing.
 *    An event without ticket types is on-sale (its CMS status alone decides).
 *
 * A ticket type missing from `inventory` has sold nothing (the store has no record of it yet, or
 * the caller has not read the store: a cached listing), and is counted at its CMS capacity.
 */
export function eventAvailability(event: EventContent, inventory: readonly TicketTypeInventory[], now: Date): EventAvailability {
  if (event.status === "cancelled") return "cancelled";
  if (event.status === "postponed") return "postponed";
  if (isPastEvent(eventDatesOf(event), now)) return "past";
  if (event.status === "sold_out") return "sold-out";
  if (event.status === "coming_soon") return "coming-soon";
  if (event.ticketing === "external") return "external-tickets";
  const types = event.ticket_types ?? [];
  if (types.length === 0) return "on-sale";
  const open = types.filter((type) => saleIsOpen(type, now)).map((type) => inventoryOf(type, inventory));
  const left = sum(open.map(availableOf));
  if (left > 0) return left <= fewTicketsLeftThreshold(sum(open.map((type) => type.capacity))) ? "few-left" : "on-sale";
  return types.some((type) => saleOpensLater(type, now)) ? "coming-soon" : "sold-out";
}

/** What a buyer may choose from now: the open ticket types, sold-out ones included; none unless the event is on sale here. */
export function ticketTypesOnSale(event: EventContent, inventory: readonly TicketTypeInventory[], now: Date): readonly TicketTypeOnSale[] {
  const availability = eventAvailability(event, inventory, now);
  if (availability !== "on-sale" && availability !== "few-left") return [];
  return (event.ticket_types ?? [])
    .filter((type) => saleIsOpen(type, now))
    .map((type) => ({
      ticketTypeId: type._uid,
      name: type.name,
      priceCents: type.price,
      perOrderLimit: type.per_order_limit,
      perBuyerLimit: perBuyerLimitOf(type),
      available: availableOf(inventoryOf(type, inventory)),
    }));
}

/**
 * The ticket types whose prices an event's card and page state (issue 49: "from €49" while only
 * €89 could be bought): those on sale now; before any is, those still to open; once every sale has
 * closed, all of them.
 */
export function pricedTicketTypes(types: readonly TicketTypeContent[], now: Date): readonly TicketTypeContent[] {
  const open = types.filter((type) => saleIsOpen(type, now));
  if (open.length > 0) return open;
  const later = types.filter((type) => saleOpensLater(type, now));
  return later.length > 0 ? later : types;
}

/** SPEC §2 dashboard and listings: future or past, by the event's last day; still on at the very moment it ends. */
export function isPastEvent(dates: EventDates, now: Date): boolean {
  return new Date(dates.dateTo || dates.dateFrom).getTime() < now.getTime();
}

const SCHEMA_ORG = "https://schema.org/";

/** How each availability shows: the badge, the buy button, and what search engines are told. */
interface AvailabilityDisplayCommon {
  /** schema.org Offer.availability. */
  readonly offerAvailability: string;
  /** schema.org Event.eventStatus. */
  readonly eventStatus: string;
}

/**
 * The buy button: to the site's ticket page, to the external seller, not shown at all, or shown
 * but disabled, and then it says why with the badge's words ('Sold out').
 */
export type AvailabilityDisplay = AvailabilityDisplayCommon &
  (
    | {
        /** The badge's i18n key; none while on sale through the site. */
        readonly badgeKey: string | undefined;
        readonly buy: "tickets-page" | "external-seller" | "none";
      }
    | { readonly badgeKey: string; readonly buy: "disabled" }
  );

export const EVENT_AVAILABILITY_DISPLAY: Readonly<Record<EventAvailability, AvailabilityDisplay>> = {
  "on-sale": { badgeKey: undefined, buy: "tickets-page", offerAvailability: `${SCHEMA_ORG}InStock`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
  "few-left": { badgeKey: "eventCard.fewLeft", buy: "tickets-page", offerAvailability: `${SCHEMA_ORG}LimitedAvailability`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
  "external-tickets": { badgeKey: "eventCard.externalTickets", buy: "external-seller", offerAvailability: `${SCHEMA_ORG}InStock`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
  // Of the three values Google's event results read (InStock, SoldOut, PreOrder), the nearest to "not on sale yet".
  "coming-soon": { badgeKey: "eventCard.comingSoon", buy: "disabled", offerAvailability: `${SCHEMA_ORG}PreOrder`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
  "sold-out": { badgeKey: "eventCard.soldOut", buy: "disabled", offerAvailability: `${SCHEMA_ORG}SoldOut`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
  // The sale waits for the new date; tickets bought keep their value.
  postponed: { badgeKey: "eventCard.postponed", buy: "disabled", offerAvailability: `${SCHEMA_ORG}OutOfStock`, eventStatus: `${SCHEMA_ORG}EventPostponed` },
  cancelled: { badgeKey: "eventCard.cancelled", buy: "none", offerAvailability: `${SCHEMA_ORG}Discontinued`, eventStatus: `${SCHEMA_ORG}EventCancelled` },
  past: { badgeKey: "eventCard.past", buy: "none", offerAvailability: `${SCHEMA_ORG}Discontinued`, eventStatus: `${SCHEMA_ORG}EventScheduled` },
};

/**
 * Past events leave the sitemap (their pages stay). A cancelled event stays listed until its date
 * has passed and a postponed one until it gets its new date, so that search engines learn the news.
 */
export function isListedInSitemap(event: EventContent, now: Date): boolean {
  switch (eventAvailability(event, [], now)) {
    case "past":
      return false;
    case "cancelled":
      return !isPastEvent(eventDatesOf(event), now);
    default:
      return true;
  }
}

function saleIsOpen(type: TicketTypeContent, now: Date): boolean {
  const start = instantOf(type.sale_start);
  const end = instantOf(type.sale_end);
  return (start === undefined || start <= now.getTime()) && (end === undefined || now.getTime() < end);
}

function saleOpensLater(type: TicketTypeContent, now: Date): boolean {
  const start = instantOf(type.sale_start);
  return start !== undefined && start > now.getTime();
}

/** An unset ("" from the CMS) or unreadable instant is no bound. */
function instantOf(value: string | undefined): number | undefined {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

function inventoryOf(type: TicketTypeContent, inventory: readonly TicketTypeInventory[]): TicketTypeInventory {
  return inventory.find((entry) => entry.ticketTypeId === type._uid) ?? { ticketTypeId: type._uid, capacity: type.capacity, sold: 0, held: 0 };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
