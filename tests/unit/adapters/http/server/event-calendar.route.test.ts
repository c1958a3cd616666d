import { describe, expect, it } from "vitest";
import { eventCalendarRoute } from "../../../../../adapters/http/server/event-calendar.route";
import { DEFAULT_LOCALE_SETTINGS, type EventContent, type EventStory } from "../../../../../core";
import { contentPortWith } from "./support/content-port";

const STORY: EventStory = {
  meta: { uuid: "story-uuid-1", slug: "lua-serrano", fullSlug: "events/lua-serrano", name: "Lúa Serrano", publishedAt: undefined, translatedNames: {} },
  content: { component: "event", _uid: "e1", title: "Lúa Serrano", date_from: "2026-12-12T21:30:00+01:00", location: "Main floor" } as EventContent,
  related: [],
};

const app = eventCalendarRoute({
  content: contentPortWith({ event: async (slug, query) => (slug === "lua-serrano" ? { ...STORY, content: { ...STORY.content, location: `${query.locale} floor` } } : null) }),
  locale: DEFAULT_LOCALE_SETTINGS,
  publicOrigin: "https://arena.test",
  now: () => new Date("2026-11-24T10:00:00Z"),
});

describe("GET /api/events/:slug/calendar.ics", () => {
  it("answers an iCalendar attachment of the event in the language asked for, briefly cacheable", async () => {
    const response = await app.request("/lua-serrano/calendar.ics?lang=val");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="lua-serrano.ics"');
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const ics = (await response.text()).replace(/\r\n /g, "");
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261212T213000\r\n");
    expect(ics).toContain("LOCATION:Túria Arena\\, val floor\\,");
    expect(ics).toContain("URL:https://arena.test/val/event/lua-serrano/\r\n");
  });

  it("answers 404 for an unknown or malformed event and 400 for a language the site does not have", async () => {
    expect((await app.request("/nope/calendar.ics?lang=es")).status).toBe(404);
    expect((await app.request("/..%2Fetc/calendar.ics?lang=es")).status).toBe(404);
    expect((await app.request("/lua-serrano/calendar.ics?lang=fr")).status).toBe(400);
  });
});
