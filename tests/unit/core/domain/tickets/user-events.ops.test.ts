import { describe, expect, it } from "vitest";
import type { EventContent } from "../../../../../core/domain/content/content-types.schema";
import type { StoryMeta } from "../../../../../core/domain/content/story.schema";
import { userEventsOf } from "../../../../../core/domain/tickets/user-events.ops";
import type { TicketOrder } from "../../../../../core/ports/ticket-store.port";

const NOW = new Date("2030-06-15T12:00:00+02:00");

const story = (uuid: string, dateFrom: string): { meta: StoryMeta; content: EventContent } => ({
  meta: { uuid, slug: uuid, fullSlug: `events/${uuid}`, name: uuid, publishedAt: undefined, translatedNames: {} },
  content: {
    component: "event",
    _uid: `content-${uuid}`,
    title: `Event ${uuid}`,
    date_from: dateFrom,
    ticket_types: [
      { component: "ticket_type", _uid: "pista", name: "Pista", price: 4500, capacity: 100, per_order_limit: 6 },
      { component: "ticket_type", _uid: "grada", name: "Grada", price: 3000, capacity: 100, per_order_limit: 6 },
    ],
  },
});

const order = (orderId: string, eventId: string, types: string[], status: TicketOrder["status"] = "confirmed"): TicketOrder => ({
  orderId,
  userId: "ana",
  eventId,
  channel: "online",
  status,
  placedAt: "2030-06-01T10:00:00.000Z",
  cancelledAt: status === "confirmed" ? null : "2030-06-02T10:00:00.000Z",
  tickets: types.map((type, index) => ({ ticketId: `${orderId}-${index}`, ticketTypeId: type, code: `CODE${orderId}${index}` })),
});

describe("userEventsOf", () => {
  const events = [story("soon", "2030-06-20T21:00:00+02:00"), story("later", "2030-09-01T21:00:00+02:00"), story("gone", "2030-05-01T21:00:00+02:00"), story("long-ago", "2029-05-01T21:00:00+02:00")];

  it("groups orders by event, future soonest first and past most recent first, with the receipt's names and totals", () => {
    const { future, past } = userEventsOf(
      [order("1", "later", ["pista"]), order("2", "soon", ["pista", "grada"]), order("3", "long-ago", ["grada"]), order("4", "gone", ["grada"]), order("5", "soon", ["grada"])],
      events,
      NOW,
    );
    expect(future.map((event) => event.eventId)).toEqual(["soon", "later"]);
    expect(past.map((event) => event.eventId)).toEqual(["gone", "long-ago"]);
    const soon = future[0]!;
    expect(soon.orders.map((each) => each.orderId)).toEqual(["2", "5"]);
    expect(soon.orders[0]).toMatchObject({ totalCents: 7500, tickets: [{ typeName: "Pista", priceCents: 4500, code: "CODE20" }, { typeName: "Grada", priceCents: 3000 }] });
    expect(soon.summary.title).toBe("Event soon");
  });

  it("leaves out events that are no longer published and events whose every order was cancelled or refunded", () => {
    const { future, past } = userEventsOf([order("1", "unpublished", ["pista"]), order("2", "later", ["pista"], "cancelled"), order("3", "later", ["grada"], "refunded")], events, NOW);
    expect([...future, ...past]).toEqual([]);
  });

  it("keeps a cancelled order beside a confirmed one of the same event, marked as such", () => {
    const { future } = userEventsOf([order("1", "later", ["pista"], "cancelled"), order("2", "later", ["grada"])], events, NOW);
    expect(future[0]?.orders.map((each) => each.status)).toEqual(["cancelled", "confirmed"]);
  });
});
