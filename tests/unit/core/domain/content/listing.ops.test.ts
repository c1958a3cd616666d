import { describe, expect, it } from "vitest";
import type { EventContent } from "../../../../../core/domain/content/content-types.schema";
import { eventSummary } from "../../../../../core/domain/content/listing.ops";
import { isPastEvent } from "../../../../../core/domain/tickets/event-availability.ops";
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

  it("carries the doors' time as an instant for an evening, so that a card only formats it (issue 49 item 15)", () => {
    const night = event({ date_from: "2030-12-31T22:00:00+01:00", date_to: "2031-01-01T06:00:00+01:00", doors_open: "21:30" });
    expect(eventSummary(meta, night, NOW)).toMatchObject({ doorsOpenAt: "2030-12-31T20:30:00.000Z" });
    expect(eventSummary(meta, night, NOW)).not.toHaveProperty("doorsOpen");
    expect(eventSummary(meta, event({ doors_open: "" }), NOW).doorsOpenAt).toBeUndefined();
  });

  it("keeps a free event's price of 0 and drops a price that is not a number", () => {
    expect(eventSummary(meta, event({ price_from: 0 }), NOW).priceFrom).toBe(0);
    expect(eventSummary(meta, event({ price_from: Number.NaN }), NOW).priceFrom).toBeUndefined();
  });

  it("takes the price range from the ticket types when there are some, whatever 'price from' says", () => {
    const type = (uid: string, price: number) => ({ component: "ticket_type" as const, _uid: uid, name: uid, price, capacity: 10, per_order_limit: 4 });
    const summary = eventSummary(meta, event({ price_from: 999, ticket_types: [type("grada", 4500), type("pista", 3500), type("vip", 12000)] }), NOW);
    expect([summary.priceFrom, summary.priceTo]).toEqual([3500, 12000]);
    expect(eventSummary(meta, event({ price_from: 2500 }), NOW).priceTo).toBeUndefined();
  });

  it("prices only what can be bought: the types on sale now, else those still to open, else all (issue 49)", () => {
    const type = (uid: string, price: number, sale_start = "", sale_end = "") => ({ component: "ticket_type" as const, _uid: uid, name: uid, price, capacity: 10, per_order_limit: 4, sale_start, sale_end });
    const range = (types: ReturnType<typeof type>[]) => {
      const summary = eventSummary(meta, event({ ticket_types: types }), NOW);
      return [summary.priceFrom, summary.priceTo];
    };
    // The festival: a pass on sale, day tickets from later on.
    expect(range([type("pass", 8900), type("day", 4900, "2030-07-01T10:00:00+02:00")])).toEqual([8900, 8900]);
    expect(range([type("early", 3900, "", "2030-06-01T00:00:00+02:00"), type("pass", 8900)])).toEqual([8900, 8900]);
    expect(range([type("day", 4900, "2030-07-01T10:00:00+02:00"), type("pass", 8900, "2030-06-20T10:00:00+02:00")])).toEqual([4900, 8900]);
    expect(range([type("day", 4900, "", "2030-06-01T00:00:00+02:00"), type("pass", 8900, "", "2030-06-02T00:00:00+02:00")])).toEqual([4900, 8900]);
  });

  it("agrees with isPastEvent", () => {
    const past = eventSummary(meta, event({ date_from: "2030-06-01T21:00:00+02:00" }), NOW);
    expect(past.availability).toBe("past");
    expect(isPastEvent(past, NOW)).toBe(true);
  });
});
