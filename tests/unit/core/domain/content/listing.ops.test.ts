import { describe, expect, it } from "vitest";
import type { EventContent } from "../../../../../core/domain/content/content-types.schema";
import { eventAvailability, eventSummary, isPastEvent, type EventAvailability } from "../../../../../core/domain/content/listing.ops";
import type { StoryMeta } from "../../../../../core/ports/content.port";

const NOW = new Date("2030-06-15T12:00:00+02:00");

const event = (fields: Partial<EventContent> = {}): EventContent => ({
  component: "event",
  _uid: "uid-1",
  title: "Lua Serrano",
  date_from: "2030-07-01T21:00:00+02:00",
  ...fields,
});

const meta: StoryMeta = {
  uuid: "6f1e",
  slug: "lua-serrano",
  fullSlug: "events/lua-serrano",
  name: "Lua Serrano (story name)",
  publishedAt: "2030-05-01T10:00:00.000Z",
  translatedNames: {},
};

describe("eventAvailability", () => {
  const FUTURE = "2030-07-01T21:00:00+02:00";
  const PAST = "2030-06-01T21:00:00+02:00";
  const statuses = [undefined, "on_sale", "sold_out", "coming_soon", "cancelled"] as const;
  const ticketings = [undefined, "internal", "external"] as const;

  const expectedUpcoming = (status: (typeof statuses)[number], ticketing: (typeof ticketings)[number]): EventAvailability => {
    if (status === "cancelled") return "cancelled";
    if (status === "sold_out") return "sold-out";
    if (status === "coming_soon") return "coming-soon";
    return ticketing === "external" ? "external-tickets" : "internal-tickets";
  };

  for (const status of statuses) {
    for (const ticketing of ticketings) {
      const fields = { ...(status ? { status } : {}), ...(ticketing ? { ticketing } : {}) };
      it(`upcoming, status ${status ?? "unset"}, ticketing ${ticketing ?? "unset"} → ${expectedUpcoming(status, ticketing)}`, () => {
        expect(eventAvailability(event({ date_from: FUTURE, ...fields }), NOW)).toBe(expectedUpcoming(status, ticketing));
      });
      it(`past, status ${status ?? "unset"}, ticketing ${ticketing ?? "unset"} → past`, () => {
        expect(eventAvailability(event({ date_from: PAST, ...fields }), NOW)).toBe("past");
      });
    }
  }

  it("judges a multi-day event by its last day", () => {
    const festival = { date_from: "2030-06-13T17:00:00+02:00", status: "on_sale" as const };
    expect(eventAvailability(event({ ...festival, date_to: "2030-06-16T02:00:00+02:00" }), NOW)).toBe("internal-tickets");
    expect(eventAvailability(event({ ...festival, date_to: "2030-06-15T11:59:59+02:00" }), NOW)).toBe("past");
    expect(eventAvailability(event({ ...festival, date_to: "" }), NOW)).toBe("past");
  });

  it("is still on at the very moment it ends", () => {
    expect(eventAvailability(event({ date_from: "2030-06-15T12:00:00+02:00" }), NOW)).toBe("internal-tickets");
    expect(eventAvailability(event({ date_from: "2030-06-15T11:59:59.999+02:00" }), NOW)).toBe("past");
  });

  it("compares instants, whatever the offset", () => {
    // 11:30 in UTC is 13:30 in Valencia: still to come.
    expect(eventAvailability(event({ date_from: "2030-06-15T11:30:00Z" }), NOW)).toBe("internal-tickets");
    expect(eventAvailability(event({ date_from: "2030-06-15T09:30:00Z" }), NOW)).toBe("past");
  });
});

describe("eventSummary", () => {
  it("carries what a card needs", () => {
    const image = { filename: "/a/f/1/800x600/ab/x.jpg", alt: "Stage" };
    const externalTickets = { linktype: "url" as const, url: "https://tickets.test/1" };
    const summary = eventSummary(
      meta,
      event({
        subtitle: "Marea alta tour",
        category: "concert",
        image,
        date_to: "2030-07-02T01:00:00+02:00",
        location: "Main hall",
        status: "on_sale",
        ticketing: "external",
        external_tickets: externalTickets,
        price_from: 2500,
      }),
      NOW,
    );
    expect(summary).toEqual({
      slug: "lua-serrano",
      title: "Lua Serrano",
      subtitle: "Marea alta tour",
      category: "concert",
      image,
      dateFrom: "2030-07-01T21:00:00+02:00",
      dateTo: "2030-07-02T01:00:00+02:00",
      location: "Main hall",
      availability: "external-tickets",
      priceFrom: 2500,
      externalTickets,
    });
  });

  it("falls back to the story name and leaves empty fields undefined", () => {
    const summary = eventSummary(meta, event({ title: "", subtitle: "", date_to: "", location: "" }), NOW);
    expect(summary.title).toBe("Lua Serrano (story name)");
    expect(summary.subtitle).toBeUndefined();
    expect(summary.dateTo).toBeUndefined();
    expect(summary.location).toBeUndefined();
    expect(summary.priceFrom).toBeUndefined();
    expect(summary.category).toBeUndefined();
    expect(summary.image).toBeUndefined();
  });

  it("keeps a free event's price of 0 and drops a price that is not a number", () => {
    expect(eventSummary(meta, event({ price_from: 0 }), NOW).priceFrom).toBe(0);
    expect(eventSummary(meta, event({ price_from: Number.NaN }), NOW).priceFrom).toBeUndefined();
  });

  it("agrees with isPastEvent", () => {
    const past = eventSummary(meta, event({ date_from: "2030-06-01T21:00:00+02:00" }), NOW);
    expect(past.availability).toBe("past");
    expect(isPastEvent(past, NOW)).toBe(true);
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
