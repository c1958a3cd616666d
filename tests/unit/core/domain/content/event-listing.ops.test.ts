import { describe, expect, it } from "vitest";
import { categoriesOf, isShownPageState, pageOfEvents, pageParameter, upcomingEvents, type EventListingRequest } from "../../../../../core/domain/content/event-listing.ops";
import type { EventSummary } from "../../../../../core/domain/content/listing.ops";

const NOW = new Date("2030-06-15T12:00:00+02:00");

const summary = (slug: string, dateFrom: string, category?: EventSummary["category"], dateTo?: string): EventSummary => ({
  slug,
  title: slug,
  subtitle: undefined,
  category,
  image: undefined,
  dateFrom,
  dateTo,
  location: undefined,
  availability: "on-sale",
  priceFrom: undefined,
  priceTo: undefined,
  externalTickets: undefined,
});

// Deliberately out of order.
const EVENTS: EventSummary[] = [
  summary("concert-aug", "2030-08-01T21:00:00+02:00", "concert"),
  summary("sport-may", "2030-05-01T18:00:00+02:00", "sport"),
  summary("concert-jul", "2030-07-01T21:00:00+02:00", "concert"),
  summary("festival-now", "2030-06-13T17:00:00+02:00", "festival", "2030-06-16T02:00:00+02:00"),
  summary("concert-jan", "2030-01-10T21:00:00+01:00", "concert"),
  summary("family-jun", "2030-06-20T11:00:00+02:00", "family"),
  summary("show-jun-past", "2030-06-14T20:00:00+02:00", "show"),
];

const request = (overrides: Partial<EventListingRequest> = {}): EventListingRequest => ({
  category: undefined,
  search: undefined,
  page: 1,
  pageSize: 100,
  includePast: false,
  now: NOW,
  ...overrides,
});

const slugs = (events: readonly EventSummary[]) => events.map((event) => event.slug);

describe("pageOfEvents", () => {
  it("lists upcoming events soonest first, a running multi-day event included", () => {
    const page = pageOfEvents(EVENTS, request());
    expect(slugs(page.items)).toEqual(["festival-now", "family-jun", "concert-jul", "concert-aug"]);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 4 });
  });

  it("follows with past events, most recent first, when asked", () => {
    const page = pageOfEvents(EVENTS, request({ includePast: true }));
    expect(slugs(page.items)).toEqual(["festival-now", "family-jun", "concert-jul", "concert-aug", "show-jun-past", "sport-may", "concert-jan"]);
    expect(page.total).toBe(7);
  });

  it("filters by category", () => {
    expect(slugs(pageOfEvents(EVENTS, request({ category: "concert" })).items)).toEqual(["concert-jul", "concert-aug"]);
    expect(slugs(pageOfEvents(EVENTS, request({ category: "concert", includePast: true })).items)).toEqual(["concert-jul", "concert-aug", "concert-jan"]);
    expect(pageOfEvents(EVENTS, request({ category: "comedy" }))).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it("treats an empty category as no filter", () => {
    expect(pageOfEvents(EVENTS, request({ category: "" })).total).toBe(4);
  });

  it("pages through the list", () => {
    const all = slugs(pageOfEvents(EVENTS, request({ includePast: true })).items);
    const pages = [1, 2, 3].map((page) => pageOfEvents(EVENTS, request({ includePast: true, pageSize: 3, page })));
    expect(pages.map((page) => slugs(page.items))).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
    for (const [index, page] of pages.entries()) expect(page).toMatchObject({ page: index + 1, pageCount: 3, total: 7 });
  });

  it("clamps the page into range", () => {
    expect(pageOfEvents(EVENTS, request({ pageSize: 3, page: 99 }))).toMatchObject({ page: 2, pageCount: 2 });
    expect(slugs(pageOfEvents(EVENTS, request({ pageSize: 3, page: 99 })).items)).toEqual(["concert-aug"]);
    expect(pageOfEvents(EVENTS, request({ pageSize: 3, page: 0 }))).toMatchObject({ page: 1 });
    expect(pageOfEvents(EVENTS, request({ pageSize: 3, page: -5 }))).toMatchObject({ page: 1 });
  });

  it("has at least one page, even with no events", () => {
    expect(pageOfEvents([], request({ page: 3 }))).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it("does not reorder the caller's array", () => {
    const before = slugs(EVENTS);
    pageOfEvents(EVENTS, request({ includePast: true }));
    expect(slugs(EVENTS)).toEqual(before);
  });

  it("orders by the moment an event starts, even when the dates carry different offsets", () => {
    // The night the clocks go back in Valencia: 02:30 summer time comes before 02:15 winter time.
    const events = [summary("second", "2030-10-27T02:15:00+01:00"), summary("first", "2030-10-27T02:30:00+02:00")];
    expect(slugs(pageOfEvents(events, request({ now: new Date("2030-10-01T00:00:00Z") })).items)).toEqual(["first", "second"]);
  });
});

describe("upcomingEvents", () => {
  it("gives the next events, soonest first, up to the limit", () => {
    expect(slugs(upcomingEvents(EVENTS, 3, NOW))).toEqual(["festival-now", "family-jun", "concert-jul"]);
    expect(slugs(upcomingEvents(EVENTS, 10, NOW))).toEqual(["festival-now", "family-jun", "concert-jul", "concert-aug"]);
    expect(upcomingEvents(EVENTS, 0, NOW)).toEqual([]);
  });

  it("can keep to one category", () => {
    expect(slugs(upcomingEvents(EVENTS, 10, NOW, "concert"))).toEqual(["concert-jul", "concert-aug"]);
    expect(slugs(upcomingEvents(EVENTS, 10, NOW, "sport"))).toEqual([]);
  });
});

describe("categoriesOf", () => {
  it("lists the categories present, alphabetically, without duplicates", () => {
    expect(categoriesOf(EVENTS)).toEqual(["concert", "family", "festival", "show", "sport"]);
  });

  it("follows the offered order and leaves out categories without events", () => {
    expect(categoriesOf(EVENTS, ["sport", "comedy", "concert", "family"])).toEqual(["sport", "concert", "family"]);
  });

  it("uses the alphabetical order when nothing is offered", () => {
    expect(categoriesOf(EVENTS, [])).toEqual(categoriesOf(EVENTS));
  });

  it("ignores events without a category", () => {
    expect(categoriesOf([summary("a", "2030-07-01T00:00:00Z"), summary("b", "2030-07-01T00:00:00Z", "show")])).toEqual(["show"]);
    expect(categoriesOf([])).toEqual([]);
  });
});

describe("pageParameter", () => {
  it("reads positive integer pages", () => {
    expect(pageParameter("1")).toBe(1);
    expect(pageParameter("7")).toBe(7);
    expect(pageParameter("10000")).toBe(10_000);
  });

  it("is page 1 for anything else", () => {
    for (const value of [undefined, "", "0", "-2", "1.5", "abc", "NaN", "Infinity", "10001", "1e9"]) {
      expect(pageParameter(value)).toBe(1);
    }
  });
});

describe("pageOfEvents search", () => {
  it("finds events by words of their title, ignoring case and accents, and can find nothing", () => {
    const found = pageOfEvents(EVENTS, request({ search: "FAMILY-JUN" }));
    expect(found.items.map((event) => event.slug)).toEqual(["family-jun"]);
    expect(pageOfEvents(EVENTS, request({ search: "nothing matches this" })).items).toEqual([]);
    const accented = pageOfEvents([{ ...EVENTS[0]!, title: "Túria Bàsquet" }], request({ search: "turia basquet" }));
    expect(accented.items).toHaveLength(1);
  });
});

describe("isShownPageState", () => {
  it("accepts what a listing can show", () => {
    expect(isShownPageState({}, [])).toBe(true);
    expect(isShownPageState({ page: ["3"], category: ["sport"], search: ["jazz"] }, [3])).toBe(true);
    expect(isShownPageState({ search: [""], utm_source: ["x", "y"] }, [])).toBe(true);
  });

  it("refuses pages past the last one and page values that are not plain numbers", () => {
    for (const page of ["4", "0", "-1", "01", "1.5", "abc", "1e3"]) expect(isShownPageState({ page: [page] }, [3]), page).toBe(false);
  });

  it("refuses unknown categories, repeated parameters and over-long searches", () => {
    expect(isShownPageState({ category: ["nope"] }, [1])).toBe(false);
    expect(isShownPageState({ page: ["1", "2"] }, [5])).toBe(false);
    expect(isShownPageState({ search: ["x".repeat(101)] }, [1])).toBe(false);
  });

  it("refuses any page state on a page without a listing", () => {
    for (const name of ["page", "category", "search"]) expect(isShownPageState({ [name]: ["1"] }, []), name).toBe(false);
  });
});
