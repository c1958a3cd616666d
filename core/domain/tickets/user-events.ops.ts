import type { EventContent } from "../content/content-types.schema";
import { eventSummary, type EventSummary } from "../content/listing.ops";
import type { StoryMeta } from "../content/story.schema";
import type { Ticket, TicketOrder } from "../../ports/ticket-store.port";
import { isPastEvent } from "./event-availability.ops";

/** One ticket as its holder sees it: its type's name and price as the CMS says now. */
export interface OwnedTicket extends Ticket {
  readonly typeName: string;
  readonly priceCents: number;
}

/** An order as its receipt shows it. */
export interface OwnedOrder {
  readonly orderId: string;
  readonly placedAt: string;
  readonly channel: TicketOrder["channel"];
  readonly status: TicketOrder["status"];
  readonly tickets: readonly OwnedTicket[];
  readonly totalCents: number;
}

/** An event the user has tickets for, with their orders for it, oldest first. */
export interface UserEvent {
  /** The story's uuid: the ticket store's event id. */
  readonly eventId: string;
  readonly summary: EventSummary;
  readonly orders: readonly OwnedOrder[];
}

/**
 * SPEC §2 dashboard: the user's events, from their orders. Future events soonest first, past ones
 * most recent first; an order whose event is no longer published is left out (there is nothing to
 * show of it but a code), and so is an event whose every order was cancelled or refunded.
 */
export function userEventsOf(
  orders: readonly TicketOrder[],
  events: readonly { readonly meta: StoryMeta; readonly content: EventContent }[],
  now: Date,
): { readonly future: readonly UserEvent[]; readonly past: readonly UserEvent[] } {
  const byId = new Map(events.map((event) => [event.meta.uuid, event]));
  const grouped = new Map<string, TicketOrder[]>();
  for (const order of orders) grouped.set(order.eventId, [...(grouped.get(order.eventId) ?? []), order]);
  const userEvents = [...grouped].flatMap(([eventId, eventOrders]): UserEvent[] => {
    const event = byId.get(eventId);
    if (!event || eventOrders.every((order) => order.status !== "confirmed")) return [];
    const types = new Map((event.content.ticket_types ?? []).map((type) => [type._uid, type]));
    return [
      {
        eventId,
        summary: eventSummary(event.meta, event.content, now),
        orders: eventOrders.map((order) => {
          const tickets = order.tickets.map((ticket) => ({ ...ticket, typeName: types.get(ticket.ticketTypeId)?.name ?? "", priceCents: types.get(ticket.ticketTypeId)?.price ?? 0 }));
          return {
            orderId: order.orderId,
            placedAt: order.placedAt,
            channel: order.channel,
            status: order.status,
            tickets,
            totalCents: tickets.reduce((total, ticket) => total + ticket.priceCents, 0),
          };
        }),
      },
    ];
  });
  const startOf = (event: UserEvent) => Date.parse(event.summary.dateFrom);
  const past = userEvents.filter((event) => isPastEvent(event.summary, now));
  return {
    future: userEvents.filter((event) => !isPastEvent(event.summary, now)).sort((a, b) => startOf(a) - startOf(b)),
    past: past.sort((a, b) => startOf(b) - startOf(a)),
  };
}
