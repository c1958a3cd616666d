import { describe, expect, it } from "vitest";
import { seoRoutes } from "../../../../../adapters/http/server/seo.routes";
import { DEFAULT_LOCALE_SETTINGS, type LocaleSettings } from "../../../../../core/domain/locale/locale.settings";
import type { EventContent } from "../../../../../core/domain/content/content-types.schema";
import type { ContentPort, StoryMeta } from "../../../../../core/ports/content.port";
import { contentPortWith } from "./support/content-port";

const ORIGIN = "https://arena.test";

const story = (fullSlug: string, publishedAt?: string): StoryMeta => ({
  uuid: `uuid-${fullSlug}`,
  slug: fullSlug.split("/").pop() ?? fullSlug,
  fullSlug,
  name: fullSlug,
  publishedAt,
  translatedNames: {},
});

const NOW = new Date("2030-06-15T12:00:00+02:00");
const eventStory = (slug: string, content: Partial<EventContent>) => ({
  meta: story(`events/${slug}`),
  content: { component: "event", _uid: slug, title: slug, date_from: "2030-07-01T21:00:00+02:00", ...content } as EventContent,
});

/** The sitemap's stories and the events whose availability decides whether they are listed. */
function fakeContent(stories: readonly StoryMeta[], events: readonly ReturnType<typeof eventStory>[] = []): ContentPort {
  return contentPortWith({ sitemap: () => Promise.resolve(stories), events: () => Promise.resolve(events) });
}

const STORIES = [
  story("home", "2030-05-01T10:00:00.000Z"),
  story("pages/about", "2030-05-02T23:59:00.000Z"),
  story("events/lua-serrano", undefined),
  story("restaurants/la-barraca", "2030-05-03T10:00:00.000Z"),
  story("jobs/usher"),
  story("sponsors/acme"),
];

async function sitemap(stories: readonly StoryMeta[], locale: LocaleSettings = DEFAULT_LOCALE_SETTINGS, events: readonly ReturnType<typeof eventStory>[] = []) {
  const response = await seoRoutes({ content: fakeContent(stories, events), locale, publicOrigin: ORIGIN, now: () => NOW }).request("/sitemap.xml");
  const xml = await response.text();
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => {
    const block = match[1] as string;
    return {
      loc: /<loc>(.*?)<\/loc>/.exec(block)?.[1],
      lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(block)?.[1],
      alternates: [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((link) => [link[1], link[2]]),
    };
  });
  return { response, xml, urls };
}

describe("sitemap.xml", () => {
  it("leaves out past events and cancelled ones whose date has passed, and keeps the rest (their pages stay)", async () => {
    const events = [
      eventStory("coming", {}),
      eventStory("over", { date_from: "2030-06-01T21:00:00+02:00" }),
      eventStory("called-off", { status: "cancelled" }),
      eventStory("called-off-long-ago", { status: "cancelled", date_from: "2030-05-01T21:00:00+02:00" }),
      eventStory("moved", { status: "postponed", date_from: "2030-05-01T21:00:00+02:00" }),
    ];
    const { urls } = await sitemap(events.map((event) => event.meta), DEFAULT_LOCALE_SETTINGS, events);
    const listed = new Set(urls.map((url) => url.loc?.split("/event/")[1]?.replace(/\/$/, "")));
    expect([...listed].sort()).toEqual(["called-off", "coming", "moved"]);
  });

  it("is XML that search engines may cache", async () => {
    const { response, xml } = await sitemap(STORIES);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("lists every page and event once per locale", async () => {
    const { urls } = await sitemap(STORIES);
    expect(urls.map((url) => url.loc)).toEqual([
      `${ORIGIN}/es/`,
      `${ORIGIN}/en/`,
      `${ORIGIN}/val/`,
      `${ORIGIN}/es/about/`,
      `${ORIGIN}/en/about/`,
      `${ORIGIN}/val/about/`,
      `${ORIGIN}/es/event/lua-serrano/`,
      `${ORIGIN}/en/event/lua-serrano/`,
      `${ORIGIN}/val/event/lua-serrano/`,
    ]);
  });

  it("gives each URL the hreflang alternates of its page, x-default included", async () => {
    const { urls } = await sitemap(STORIES);
    const about = urls.filter((url) => url.loc?.endsWith("/about/"));
    expect(about).toHaveLength(3);
    for (const url of about) {
      expect(url.alternates).toEqual([
        ["es-ES", `${ORIGIN}/es/about/`],
        ["en-US", `${ORIGIN}/en/about/`],
        ["ca-ES-valencia", `${ORIGIN}/val/about/`],
        ["x-default", `${ORIGIN}/es/about/`],
      ]);
    }
  });

  it("skips stories that live on another page's anchor", async () => {
    const { xml } = await sitemap(STORIES);
    expect(xml).not.toContain("#");
    expect(xml).not.toContain("restaurants");
    expect(xml).not.toContain("jobs");
    expect(xml).not.toContain("sponsors");
  });

  it("dates each URL by the story's publication day, when known", async () => {
    const { urls } = await sitemap(STORIES);
    expect(urls.find((url) => url.loc === `${ORIGIN}/en/`)?.lastmod).toBe("2030-05-01");
    expect(urls.find((url) => url.loc === `${ORIGIN}/val/about/`)?.lastmod).toBe("2030-05-02");
    expect(urls.find((url) => url.loc === `${ORIGIN}/es/event/lua-serrano/`)?.lastmod).toBeUndefined();
  });

  it("escapes XML in URLs", async () => {
    const { xml, urls } = await sitemap([story(`pages/rock&roll<"live">`)]);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
    expect(xml).not.toContain('<"live">');
    expect(urls[0]?.loc).toBe(`${ORIGIN}/es/rock&amp;roll&lt;&quot;live&quot;&gt;/`);
    expect(urls[0]?.alternates[1]).toEqual(["en-US", `${ORIGIN}/en/rock&amp;roll&lt;&quot;live&quot;&gt;/`]);
  });

  it("follows the locale strategy and per-locale domains", async () => {
    const settings: LocaleSettings = { ...DEFAULT_LOCALE_SETTINGS, strategy: "prefix_except_default", domains: { val: "val.arena.test" } };
    const { urls } = await sitemap([story("pages/about")], settings);
    expect(urls.map((url) => url.loc)).toEqual([`${ORIGIN}/about/`, `${ORIGIN}/en/about/`, "https://val.arena.test/val/about/"]);
    expect(urls[0]?.alternates).toEqual([
      ["es-ES", `${ORIGIN}/about/`],
      ["en-US", `${ORIGIN}/en/about/`],
      ["ca-ES-valencia", "https://val.arena.test/val/about/"],
      ["x-default", `${ORIGIN}/about/`],
    ]);
  });

  it("is an empty urlset without stories", async () => {
    const { response, urls } = await sitemap([]);
    expect(response.status).toBe(200);
    expect(urls).toEqual([]);
  });
});

describe("robots.txt", () => {
  async function robots(locale: LocaleSettings = DEFAULT_LOCALE_SETTINGS) {
    const response = await seoRoutes({ content: fakeContent([]), locale, publicOrigin: ORIGIN }).request("/robots.txt");
    return { response, lines: (await response.text()).split("\n") };
  }

  it("lets crawlers in but keeps them out of the API and every locale's dashboards", async () => {
    const { response, lines } = await robots();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(lines.slice(0, 3)).toEqual(["User-agent: *", "Allow: /", "Disallow: /api/"]);
    for (const code of ["es", "en", "val"]) {
      expect(lines).toContain(`Disallow: /${code}/dashboard/`);
      expect(lines).toContain(`Disallow: /${code}/_tmp/`);
    }
  });

  it("points at the sitemap", async () => {
    const { lines } = await robots();
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("lists each private path once when locales share it", async () => {
    const { lines } = await robots({ ...DEFAULT_LOCALE_SETTINGS, strategy: "no_prefix" });
    expect(lines.filter((line) => line === "Disallow: /dashboard/")).toHaveLength(1);
    expect(lines.filter((line) => line === "Disallow: /_tmp/")).toHaveLength(1);
  });
});
