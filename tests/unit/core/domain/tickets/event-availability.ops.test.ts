import { describe, expect, it } from "vitest";
import type { EventContent, TicketTypeContent } from "../../../../../core/domain/content/content-types.schema";
import {
  EVENT_AVAILABILITY_DISPLAY,
  FEW_TICKETS_LEFT,
  eventAvailability,
  fewTicketsLeftThreshold,
  isListedInSitemap,
  isPastEvent,
  ticketTypesOnSale,
  type EventAvailability,
} from "../../../../../core/domain/tickets/event-availability.ops";
import type { TicketTypeInventory } from "../../../../../core/domain/tickets/ticket-inventory.ops";

const NOW = new Date("2030-06-15T12:00:00+02:00");
const FUTURE = "2030-07-01T21:00:00+02:00";
const PAST = "2030-06-01T21:00:00+02:00";

const event = (fields: Partial<EventContent> = {}): EventContent => ({ component: "event", _uid: "uid-1", title: "Lua Serrano", date_from: FUTURE, ...fields });

const ticketType = (fields: Partial<TicketTypeContent> = {}): TicketTypeContent => ({
  component: "ticket_type",
  _uid: "pista",
  name: "Pista",
  price: 4500,
  capacity: 1000,
  per_order_limit: 6,
  ...fields,
});

const sold = (ticketTypeId: string, capacity: number, soldCount: number, held = 0): TicketTypeInventory => ({ ticketTypeId, capacity, sold: soldCount, held });

describe("eventAvailability from the content alone", () => {
  const statuses = [undefined, "on_sale", "sold_out", "coming_soon", "cancelled", "postponed"] as const;
  const ticketings = [undefined, "internal", "external"] as const;

  const expectedUpcoming = (status: (typeof statuses)[number], ticketing: (typeof ticketings)[number]): EventAvailability => {
    if (status === "cancelled") return "cancelled";
    if (status === "postponed") return "postponed";
    if (status === "sold_out") return "sold-out";
    if (status === "coming_soon") return "coming-soon";
    return ticketing === "external" ? "external-tickets" : "on-sale";
  };
  // A cancelled or postponed event says so after its date too; anything else is past.
  const expectedPast = (status: (typeof statuses)[number]): EventAvailability => (status === "cancelled" || status === "postponed" ? status : "past");

  for (const status of statuses) {
    for (const ticketing of ticketings) {
      const fields = { ...(status ? { status } : {}), ...(ticketing ? { ticketing } : {}) };
      it(`upcoming, status ${status ?? "unset"}, ticketing ${ticketing ?? "unset"} → ${expectedUpcoming(status, ticketing)}`, () => {
        expect(eventAvailability(event({ date_from: FUTURE, ...fields }), [], NOW)).toBe(expectedUpcoming(status, ticketing));
      });
      it(`past, status ${status ?? "unset"}, ticketing ${ticketing ?? "unset"} → ${expectedPast(status)}`, () => {
        expect(eventAvailability(event({ date_from: PAST, ...fields }), [], NOW)).toBe(expectedPast(status));
      });
    }
  }

  it("judges a multi-day event by its last day", () => {
    const festival = { date_from: "2030-06-13T17:00:00+02:00", status: "on_sale" as const };
    expect(eventAvailability(event({ ...festival, date_to: "2030-06-16T02:00:00+02:00" }), [], NOW)).toBe("on-sale");
    expect(eventAvailability(event({ ...festival, date_to: "2030-06-15T11:59:59+02:00" }), [], NOW)).toBe("past");
    expect(eventAvailability(event({ ...festival, date_to: "" }), [], NOW)).toBe("past");
  });

  it("is still on at the very moment it ends", () => {
    expect(eventAvailability(event({ date_from: "2030-06-15T12:00:00+02:00" }), [], NOW)).toBe("on-sale");
    expect(eventAvailability(event({ date_from: "2030-06-15T11:59:59.999+02:00" }), [], NOW)).toBe("past");
  });

  it("compares instants, whatever the offset", () => {
    // 11:30 in UTC is 13:30 in Valencia: still to come.
    expect(eventAvailability(event({ date_from: "2030-06-15T11:30:00Z" }), [], NOW)).toBe("on-sale");
    expect(eventAvailability(event({ date_from: "2030-06-15T09:30:00Z" }), [], NOW)).toBe("past");
  });
});

describe("eventAvailability of internal sales, by ticket type", () => {
  it("counts the types whose sale window is open, start included, end excluded", () => {
    const early = ticketType({ _uid: "early", sale_start: "2030-06-01T10:00:00+02:00", sale_end: "2030-06-15T12:00:00+02:00" });
    const general = ticketType({ _uid: "general", sale_start: "2030-06-15T12:00:00+02:00" });
    const inventory = [sold("early", 1000, 0), sold("general", 1000, 1000)];
    // At noon the early sale has closed and the general one (sold out) has opened.
    expect(eventAvailability(event({ ticket_types: [early, general] }), inventory, NOW)).toBe("sold-out");
    const aMomentBefore = new Date(NOW.getTime() - 1);
    expect(eventAvailability(event({ ticket_types: [early, general] }), inventory, aMomentBefore)).toBe("on-sale");
  });

  it("is coming soon until the earliest sale start, and when what is open is gone but more opens later", () => {
    const general = ticketType({ _uid: "general", sale_start: "2030-06-20T10:00:00+02:00" });
    const vip = ticketType({ _uid: "vip", sale_start: "2030-06-18T10:00:00+02:00" });
    expect(eventAvailability(event({ ticket_types: [general, vip] }), [], NOW)).toBe("coming-soon");
    expect(eventAvailability(event({ ticket_types: [general, vip] }), [], new Date("2030-06-18T10:00:00+02:00"))).toBe("on-sale");

    const presale = ticketType({ _uid: "presale", sale_end: "2030-06-20T10:00:00+02:00" });
    expect(eventAvailability(event({ ticket_types: [presale, general] }), [sold("presale", 1000, 1000)], NOW)).toBe("coming-soon");
  });

  it("is sold out once every sale has closed, even with tickets left: nothing can be bought here any more", () => {
    const closed = ticketType({ sale_end: "2030-06-14T00:00:00+02:00" });
    expect(eventAvailability(event({ ticket_types: [closed] }), [], NOW)).toBe("sold-out");
  });

  it("is sold out when the open types have nothing left, holds included", () => {
    const types = [ticketType({ _uid: "a" }), ticketType({ _uid: "b" })];
    expect(eventAvailability(event({ ticket_types: types }), [sold("a", 1000, 1000), sold("b", 1000, 990, 10)], NOW)).toBe("sold-out");
    expect(eventAvailability(event({ ticket_types: types }), [sold("a", 1000, 1000), sold("b", 1000, 990, 9)], NOW)).toBe("few-left");
  });

  it("has few left at 5 % of the open capacity, or 20 tickets in a small room", () => {
    expect(FEW_TICKETS_LEFT).toEqual({ shareOfCapacity: 0.05, atLeast: 20 });
    expect(fewTicketsLeftThreshold(20_000)).toBe(1000);
    expect(fewTicketsLeftThreshold(300)).toBe(20);
    expect(fewTicketsLeftThreshold(401)).toBe(21);
    const arena = event({ ticket_types: [ticketType({ _uid: "a", capacity: 12_000 }), ticketType({ _uid: "b", capacity: 8_000 })] });
    expect(eventAvailability(arena, [sold("a", 12_000, 12_000), sold("b", 8_000, 6_999)], NOW)).toBe("on-sale");
    expect(eventAvailability(arena, [sold("a", 12_000, 12_000), sold("b", 8_000, 7_000)], NOW)).toBe("few-left");
    // A type not yet on sale does not count.
    const later = ticketType({ _uid: "later", capacity: 100_000, sale_start: "2030-06-20T10:00:00+02:00" });
    expect(eventAvailability(event({ ticket_types: [ticketType({ capacity: 300 }), later] }), [sold("pista", 300, 280)], NOW)).toBe("few-left");
  });

  it("counts a type the store has no record of at its CMS capacity, nothing sold", () => {
    expect(eventAvailability(event({ ticket_types: [ticketType({ capacity: 1000 })] }), [], NOW)).toBe("on-sale");
    expect(eventAvailability(event({ ticket_types: [ticketType({ capacity: 15 })] }), [sold("elsewhere", 10, 10)], NOW)).toBe("few-left");
    expect(eventAvailability(event({ ticket_types: [ticketType({ capacity: 0 })] }), [], NOW)).toBe("sold-out");
  });

  it("lets the editor's status and external ticketing override the ticket types", () => {
    const open = { ticket_types: [ticketType()] };
    expect(eventAvailability(event({ ...open, status: "sold_out" }), [], NOW)).toBe("sold-out");
    expect(eventAvailability(event({ ...open, status: "coming_soon" }), [], NOW)).toBe("coming-soon");
    expect(eventAvailability(event({ ...open, ticketing: "external" }), [sold("pista", 1000, 1000)], NOW)).toBe("external-tickets");
    expect(eventAvailability(event({ ...open, status: "postponed" }), [], NOW)).toBe("postponed");
  });
});

describe("ticketTypesOnSale", () => {
  it("offers the open types, sold-out ones included, with what is left and the per-buyer limit (the per-order one when the CMS leaves it empty)", () => {
    const types = [
      ticketType({ _uid: "pista", name: "Pista", price: 4500, per_order_limit: 6 }),
      ticketType({ _uid: "grada", name: "Grada", price: 3500, per_order_limit: 4, per_buyer_limit: 10 }),
      ticketType({ _uid: "vip", name: "VIP", price: 12_000, sale_start: "2030-06-20T10:00:00+02:00" }),
    ];
    expect(ticketTypesOnSale(event({ ticket_types: types }), [sold("pista", 1000, 990, 7), sold("grada", 500, 500)], NOW)).toEqual([
      { ticketTypeId: "pista", name: "Pista", priceCents: 4500, perOrderLimit: 6, perBuyerLimit: 6, available: 3 },
      { ticketTypeId: "grada", name: "Grada", priceCents: 3500, perOrderLimit: 4, perBuyerLimit: 10, available: 0 },
    ]);
  });

  it("offers nothing unless the event is on sale here", () => {
    const types = { ticket_types: [ticketType()] };
    for (const fields of [{ status: "cancelled" }, { status: "postponed" }, { status: "sold_out" }, { status: "coming_soon" }, { ticketing: "external" }, { date_from: PAST }] as const) {
      expect(ticketTypesOnSale(event({ ...types, ...fields }), [], NOW)).toEqual([]);
    }
    expect(ticketTypesOnSale(event(types), [sold("pista", 1000, 1000)], NOW)).toEqual([]);
  });
});

describe("isPastEvent", () => {
  it("goes by the start of a one-day event", () => {
    expect(isPastEvent({ dateFrom: "2030-06-15T11:00:00+02:00", dateTo: undefined }, NOW)).toBe(true);
    expect(isPastEvent({ dateFrom: "2030-06-15T13:00:00+02:00", dateTo: undefined }, NOW)).toBe(false);
  });

  it("goes by the end of a multi-day event", () => {
    expect(isPastEvent({ dateFrom: "2030-06-10T18:00:00+02:00", dateTo: "2030-06-20T23:00:00+02:00" }, NOW)).toBe(false);
    expect(isPastEvent({ dateFrom: "2030-06-10T18:00:00+02:00", dateTo: "2030-06-14T23:00:00+02:00" }, NOW)).toBe(true);
  });

  it("is not past at the very moment it ends", () => {
    expect(isPastEvent({ dateFrom: "2030-06-10T18:00:00+02:00", dateTo: "2030-06-15T12:00:00+02:00" }, NOW)).toBe(false);
  });
});

describe("what each availability shows", () => {
  const schema = (name: string) => `https://schema.org/${name}`;

  it("tells search engines the offer's availability and the event's status", () => {
    const told = Object.fromEntries(Object.entries(EVENT_AVAILABILITY_DISPLAY).map(([availability, display]) => [availability, [display.offerAvailability, display.eventStatus]]));
    expect(told).toEqual({
      "on-sale": [schema("InStock"), schema("EventScheduled")],
      "few-left": [schema("LimitedAvailability"), schema("EventScheduled")],
      "external-tickets": [schema("InStock"), schema("EventScheduled")],
      "coming-soon": [schema("PreOrder"), schema("EventScheduled")],
      "sold-out": [schema("SoldOut"), schema("EventScheduled")],
      postponed: [schema("OutOfStock"), schema("EventPostponed")],
      cancelled: [schema("Discontinued"), schema("EventCancelled")],
      past: [schema("Discontinued"), schema("EventScheduled")],
    });
  });

  it("sends buyers to the ticket page only while the site sells, and shows a badge otherwise", () => {
    for (const [availability, display] of Object.entries(EVENT_AVAILABILITY_DISPLAY)) {
      expect(display.buy === "tickets-page", availability).toBe(availability === "on-sale" || availability === "few-left");
      expect(display.badgeKey === undefined, availability).toBe(availability === "on-sale");
    }
    expect(EVENT_AVAILABILITY_DISPLAY["external-tickets"].buy).toBe("external-seller");
    expect([EVENT_AVAILABILITY_DISPLAY.cancelled.buy, EVENT_AVAILABILITY_DISPLAY.past.buy]).toEqual(["none", "none"]);
  });
});

describe("isListedInSitemap", () => {
  it("lists what is to come, whatever its tickets, and leaves out what is over", () => {
    expect(isListedInSitemap(event({ status: "sold_out" }), NOW)).toBe(true);
    expect(isListedInSitemap(event({ ticketing: "external" }), NOW)).toBe(true);
    expect(isListedInSitemap(event({ date_from: PAST }), NOW)).toBe(false);
  });

  it("keeps a cancelled event until its date and a postponed one until it is given a new date", () => {
    expect(isListedInSitemap(event({ status: "cancelled" }), NOW)).toBe(true);
    expect(isListedInSitemap(event({ status: "cancelled", date_from: PAST }), NOW)).toBe(false);
    expect(isListedInSitemap(event({ status: "postponed", date_from: PAST }), NOW)).toBe(true);
  });
});
