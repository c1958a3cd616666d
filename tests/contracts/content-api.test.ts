import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema } from "effect";
import { Hono } from "hono";
import StoryblokClient, { type ISbConfig, type ISbError, type ISbLinksParams, type ISbStoriesParams, type ISbStoryData, type ISbStoryParams } from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createContentApi, type ContentApiOptions } from "../../adapters/embedded/embedded-content/api/content-api.routes";
import { createContentStore, readContentFiles, type ContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { Story } from "../../core";
import { serveFetch, type ServedFetch } from "./support/serve-fetch";

// The embedded Content Delivery API, served over real HTTP and read with the official
// storyblok-js-client, as the site's storyblok adapter reads it.

const FIXTURES = join(import.meta.dirname, "../fixtures/content");
const PUBLIC = "public-token";
const PREVIEW = "preview-token";
const uuid = (n: number) => `7b1c0f2e-0a1e-4c55-9b1a-${String(n).padStart(12, "0")}`;
const SPONSORS = Array.from({ length: 60 }, (_, i) => 201 + i);

/** The fixture stories, plus a folder of 60 sponsors and a wall that relates to and links every one. */
function fixtureStore(): ContentStore {
  const stamp = { created_at: "2024-11-20T08:00:00.000Z", updated_at: "2025-01-10T09:00:00.000Z", published_at: "2025-01-05T12:00:00.000Z" };
  const generated = [
    { id: 200, uuid: uuid(200), name: "Socios", slug: "socios", full_slug: "socios", parent_id: null, is_folder: true, published: true, ...stamp },
    ...SPONSORS.map((id) => ({
      id,
      uuid: uuid(id),
      name: `Socio ${id}`,
      slug: `socio-${id}`,
      full_slug: `socios/socio-${id}`,
      parent_id: 200,
      published: true,
      position: id,
      ...stamp,
      content: { _uid: `sponsor-${id}`, component: "sponsor", name: `Socio ${id}`, name__i18n__en: `Partner ${id}`, tier: id % 2 ? "premium" : "institutional" },
    })),
    {
      id: 300,
      uuid: uuid(300),
      name: "Patrocinadores",
      slug: "patrocinadores",
      full_slug: "patrocinadores",
      parent_id: null,
      published: true,
      ...stamp,
      content: {
        _uid: "wall-0",
        component: "sponsor_wall",
        sponsors: SPONSORS.map(uuid),
        links: SPONSORS.map((id) => ({ _uid: `wall-link-${id}`, component: "nav_item", link: { fieldtype: "multilink", linktype: "story", id: uuid(id), cached_url: `socios/socio-${id}` } })),
      },
    },
    // A chain of links for resolve_links_level: 310 links to 311, which links to the home page.
    ...[310, 311].map((id) => ({
      id,
      uuid: uuid(id),
      name: `Cadena ${id}`,
      slug: `cadena-${id}`,
      full_slug: `cadena-${id}`,
      parent_id: null,
      published: true,
      ...stamp,
      content: { _uid: `chain-${id}`, component: "nav_item", link: { fieldtype: "multilink", linktype: "story", id: uuid(id === 310 ? 311 : 1), cached_url: "" } },
    })),
  ];
  const files = readContentFiles(FIXTURES);
  const datasources = [
    {
      id: 1,
      name: "Categorías",
      slug: "categories",
      dimensions: [{ id: 7, name: "English", entry_value: "en" }],
      entries: [
        { id: 11, name: "Concierto", value: "concert", dimension_values: { en: "Concert" } },
        { id: 12, name: "Deporte", value: "sport" },
      ],
    },
    { id: 2, name: "Colores", slug: "colors", entries: [{ id: 21, name: "Rojo", value: "red" }] },
  ];
  return createContentStore([...files.stories, ...generated.map((json) => ({ json }))], { published: files.published, datasources });
}

async function serveApi(options: Partial<ContentApiOptions> & { store: ContentStore }): Promise<ServedFetch> {
  const app = new Hono();
  app.route("/v2/cdn", createContentApi({ publicToken: PUBLIC, previewToken: PREVIEW, spaceId: 4242, spaceName: "Túria Arena", rateLimitPerSecond: Infinity, ...options }).public);
  return serveFetch(app.fetch);
}

let store: ContentStore;
let server: ServedFetch;

function client(config: Partial<ISbConfig> = {}): StoryblokClient {
  // The client's cache is module-level and shared: switched off. No cv is carried between tests
  // either, so each request is redirected to the current cv first, and fetch follows.
  return new StoryblokClient({ accessToken: PUBLIC, endpoint: `${server.origin}/v2`, cache: { type: "none", cv: "manual" }, ...config });
}

/** The requests the server answered since `from`, redirects left out. */
const answered = (from: number) => server.log.slice(from).filter((entry) => entry.status !== 301);

async function rejection(promise: Promise<unknown>): Promise<ISbError> {
  try {
    await promise;
  } catch (error) {
    return error as ISbError;
  }
  throw new Error("expected the request to fail");
}

function keysOf(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, keys);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      keys.push(key);
      keysOf(child, keys);
    }
  }
  return keys;
}

beforeAll(async () => {
  store = fixtureStore();
  server = await serveApi({ store });
});

afterAll(async () => {
  await server.close();
});

describe("GET /v2/cdn/spaces/me", () => {
  it("names the space and its cache version", async () => {
    const { data } = await client().get("cdn/spaces/me");
    expect(data.space).toEqual({ id: 4242, name: "Túria Arena", domain: "", version: store.contentVersion, language_codes: ["en", "val"] });
    // A digest of the stories: what any other process reading the same ones answers too.
    expect(fixtureStore().contentVersion).toBe(store.contentVersion);
  });
});

describe("GET /v2/cdn/stories/{slug}", () => {
  it("answers Storyblok's story shape, decodable by the core's Story schema", async () => {
    const response = await client().getStory("home");
    const { story } = response.data;
    expect(response.data.cv).toBe(store.contentVersion);
    expect(response.data.rels).toEqual([]);
    expect(response.data.links).toEqual([]);
    expect(story).toMatchObject({
      id: 1,
      uuid: uuid(1),
      name: "Inicio",
      slug: "home",
      full_slug: "home",
      lang: "default",
      parent_id: null,
      is_startpage: false,
      published_at: "2025-01-05T12:00:00.000Z",
      first_published_at: "2024-12-01T12:00:00.000Z",
      tag_list: [],
      content: { component: "page", _uid: "home-0", title: "Inicio" },
    });
    expect(story.translated_slugs).toEqual([
      { path: "home", name: "Home", lang: "en", published: true },
      { path: "inici", name: "Inici", lang: "val", published: true },
    ]);
    expect(Schema.decodeUnknownResult(Story)(story)._tag).toBe("Success");
    expect(keysOf(story.content).filter((key) => key.includes("__i18n__"))).toEqual([]);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
  });

  it("finds stories by id and by uuid", async () => {
    expect((await client().getStory("10")).data.story.full_slug).toBe("eventos/concierto-a");
    expect((await client().getStory(uuid(11), { find_by: "uuid" })).data.story.full_slug).toBe("eventos/partido-b");
  });

  it("translates fields, falling back to Spanish where a translation is empty", async () => {
    const en = (await client().getStory("home", { language: "en" })).data.story;
    expect(en.lang).toBe("en");
    expect(en.full_slug).toBe("home");
    expect(en.content.title).toBe("Home");
    expect(en.content.description).toBe("El recinto de Valencia");
    expect(en.content.body[0].title).toBe("Welcome");
    expect(en.content.body[0].text.content[0].content[0].text).toBe("Meet the arena");
    expect(en.content.body[1].label).toBe("About us");

    const val = (await client().getStory("home", { language: "val" })).data.story;
    expect(val.content.title).toBe("Inici");
    expect(val.content.description).toBe("El recinte de València");
    expect(val.content.body[0].title).toBe("Bienvenida");
    expect(val.content.body[0].text.content[0].content[0].text).toBe("Conoce el recinto");

    for (const language of ["es", "default"]) {
      const story = (await client().getStory("home", { language })).data.story;
      expect(story.lang).toBe("default");
      expect(story.content.title).toBe("Inicio");
    }
  });

  it("finds a story by its translated path under the language, and answers in that language", async () => {
    const concert = (await client().getStory("en/events/concert-a")).data.story;
    expect(concert).toMatchObject({ id: 10, lang: "en", full_slug: "eventos/concierto-a", content: { title: "Concert A" } });
    expect(concert.translated_slugs).toContainEqual({ path: "events/concert-a", name: "Concert A", lang: "en", published: true });

    // No Valencian slug for the event: the folder's is used, and the story's default slug.
    const val = (await client().getStory("val/esdeveniments/concierto-a")).data.story;
    expect(val).toMatchObject({ id: 10, lang: "val" });
    expect((await client().getStory("en/about-us")).data.story.content.title).toBe("About us");
    expect((await client().getStory("en/sobre-nosotros")).data.story.lang).toBe("en");
    const es = (await client().getStory("es/eventos/concierto-a", { language: "en" })).data.story;
    expect(es).toMatchObject({ id: 10, lang: "default", content: { title: "Concierto A" } });
  });

  it("answers 404 for an unknown story, a folder, and a story that is only a draft", async () => {
    for (const slug of ["nope", "eventos", "eventos/borrador-c", "en/nope", "999"]) {
      const error = await rejection(client().getStory(slug));
      expect(error.status, slug).toBe(404);
      expect(error.message).toBe("This record could not be found");
    }
    const response = await fetch(`${server.origin}/v2/cdn/stories/nope?token=${PUBLIC}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Storyblok's 404 is a bare array of strings, `404 ["This record could not be found"]` (issue 55).
    expect(await response.json()).toEqual(["This record could not be found"]);
  });

  it("serves the published version to the public token and the draft to the preview token only", async () => {
    expect((await client().getStory("sobre-nosotros")).data.story.content.title).toBe("Sobre nosotros");

    const draft = await client({ accessToken: PREVIEW }).getStory("sobre-nosotros", { version: "draft" });
    expect(draft.data.story.content.title).toBe("Sobre nosotros (borrador)");
    expect(draft.headers["cache-control"]).toBe("no-store");
    expect((await client({ accessToken: PREVIEW }).getStory("eventos/borrador-c", { version: "draft" })).data.story.published_at).toBeNull();
    // The preview token reads published content too.
    expect((await client({ accessToken: PREVIEW }).getStory("sobre-nosotros")).data.story.content.title).toBe("Sobre nosotros");

    expect((await rejection(client().getStory("sobre-nosotros", { version: "draft" }))).status).toBe(401);
  });
});

describe("tokens", () => {
  it("answers 401 without a token or with an unknown one, on every endpoint", async () => {
    for (const path of ["cdn/stories", "cdn/stories/home", "cdn/spaces/me", "cdn/links"]) {
      expect((await rejection(client({ accessToken: "" }).get(path))).status, path).toBe(401);
      expect((await rejection(client({ accessToken: "guessed" }).get(path))).status, path).toBe(401);
    }
    const response = await fetch(`${server.origin}/v2/cdn/stories`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });
});

describe("GET /v2/cdn/stories", () => {
  it("pages with the total and per-page headers, so that getAll reads every page", async () => {
    const first = await client().getStories({ starts_with: "socios/", per_page: 25 });
    expect(first.total).toBe(60);
    expect(first.perPage).toBe(25);
    expect(first.headers.total).toBe("60");
    expect(first.headers["per-page"]).toBe("25");
    expect(first.data.stories).toHaveLength(25);

    const before = server.log.length;
    const all = await client().getAll("cdn/stories", { starts_with: "socios/", per_page: 25 });
    expect(all.map((story: ISbStoryData) => story.id)).toEqual(SPONSORS);
    const pages = answered(before).map((entry) => new URL(entry.url, server.origin).searchParams.get("page"));
    expect(pages.sort()).toEqual(["1", "2", "3"]);

    const beyond = await client().getStories({ starts_with: "socios/", per_page: 25, page: 9 });
    expect(beyond.data.stories).toEqual([]);
    expect(beyond.total).toBe(60);
  });

  it("lists 25 a page by default and never folders", async () => {
    const response = await client().getStories({});
    expect(response.perPage).toBe(25);
    expect(response.data.stories).toHaveLength(25);
    const all = await client().getAll("cdn/stories", {});
    expect(all.some((story: ISbStoryData) => story.is_folder)).toBe(false);
    expect(all.map((story: ISbStoryData) => story.id)).not.toContain(100);
    // Published only: the draft-only event is missing.
    expect(all.map((story: ISbStoryData) => story.id)).not.toContain(12);
  });

  it("filters by folder, uuids, slugs, content type, tag, search term and level", async () => {
    const ids = async (params: Record<string, unknown>, config: Partial<ISbConfig> = {}) =>
      (await client(config).getStories(params)).data.stories.map((story: ISbStoryData) => story.id);

    expect(await ids({ starts_with: "eventos/" })).toEqual([11, 10, 13]);
    expect(await ids({ starts_with: "eventos/", version: "draft" }, { accessToken: PREVIEW })).toEqual([11, 10, 12, 13]);
    expect(await ids({ by_uuids: `${uuid(13)},${uuid(1)},${uuid(12)},nope` })).toEqual([1, 13]);
    expect(await ids({ by_uuids_ordered: `${uuid(13)},${uuid(1)}` })).toEqual([13, 1]);
    expect(await ids({ by_slugs: "eventos/*,home" })).toEqual([1, 11, 10, 13]);
    expect(await ids({ starts_with: "eventos/", excluding_slugs: "eventos/partido-*" })).toEqual([10, 13]);
    expect(await ids({ starts_with: "eventos/", excluding_ids: "10,13" })).toEqual([11]);
    expect(await ids({ content_type: "event" })).toEqual([11, 10, 13]);
    expect(await ids({ with_tag: "destacado" })).toEqual([11]);
    expect(await ids({ search_term: "FESTIVAL" })).toEqual([13]);
    expect(await ids({ level: 1, per_page: 100, sort_by: "id:asc" })).toEqual([1, 2, 3, 300, 310, 311]);
  });

  it("sorts by story properties and content fields", async () => {
    const ids = async (sort_by: string) => (await client().getStories({ content_type: "event", sort_by })).data.stories.map((story: ISbStoryData) => story.id);
    expect(await ids("content.date_from:asc")).toEqual([13, 11, 10]);
    expect(await ids("content.date_from:desc")).toEqual([10, 11, 13]);
    expect(await ids("content.price_from:desc:int")).toEqual([13, 11, 10]);
    expect(await ids("name:asc")).toEqual([10, 13, 11]);
    expect(await ids("position:desc")).toEqual([13, 10, 11]);
  });

  it("applies filter_query operations, and __or alternatives", async () => {
    const ids = async (filter_query: unknown) =>
      (await client().getStories({ content_type: "event", filter_query, sort_by: "content.date_from:asc" })).data.stories.map((story: ISbStoryData) => story.id);
    expect(await ids({ category: { in: "concert,sport" } })).toEqual([11, 10]);
    expect(await ids({ category: { not_in: "concert" } })).toEqual([13, 11]);
    expect(await ids({ date_from: { gt_date: "2025-01-01 00:00" } })).toEqual([11, 10]);
    expect(await ids({ date_from: { lt_date: "2025-01-01 00:00" } })).toEqual([13]);
    expect(await ids({ title: { like: "*ierto*" } })).toEqual([10]);
    expect(await ids({ date_to: { is: "empty" } })).toEqual([11, 10]);
    expect(await ids({ artist_hits: { all_in_array: "Uno,Dos" } })).toEqual([13, 11, 10]);
    expect(await ids({ related_events: { any_in_array: uuid(11) } })).toEqual([10]);
    expect(await ids({ price_from: { gt_int: "2511" } })).toEqual([13]);
    expect(await ids({ __or: [{ category: { in: "festival" } }, { category: { in: "sport" } }] })).toEqual([13, 11]);
  });

  it("answers in the language asked for, also when starts_with carries it", async () => {
    const en = await client().getStories({ starts_with: "eventos/", language: "en", sort_by: "content.date_from:asc" });
    expect(en.data.stories.map((story: ISbStoryData) => story.content.title)).toEqual(["Festival D", "Match B", "Concert A"]);
    expect(en.data.stories.every((story: ISbStoryData) => story.lang === "en")).toBe(true);

    const prefixed = await client().getStories({ starts_with: "en/events/", sort_by: "content.date_from:asc" });
    expect(prefixed.data.stories.map((story: ISbStoryData) => story.content.title)).toEqual(["Festival D", "Match B", "Concert A"]);
  });

  it("drops excluded content fields", async () => {
    const [first] = (await client().getStories({ content_type: "event", excluding_fields: "artist_hits,related_events" })).data.stories;
    expect(first?.content.artist_hits).toBeUndefined();
    expect(first?.content.related_events).toBeUndefined();
    expect(first?.content.title).toBeDefined();
  });

  it("answers 422 for bad parameters", async () => {
    const bad: Record<string, unknown>[] = [
      { per_page: 101 },
      { per_page: 0 },
      { per_page: "many" },
      { page: 0 },
      { version: "latest" },
      { language: "fr" },
      { sort_by: "content.date_from" },
      { resolve_relations: "featured_events" },
      { resolve_links: "everything" },
      { by_uuids: "a b" },
      { cv: "yesterday" },
      { first_published_at_gt: "soon" },
      { filter_query: { category: { roughly: "concert" } } },
      { filter_query: { "bad field!": { in: "x" } } },
    ];
    for (const params of bad) {
      const error = await rejection(client().getStories(params));
      expect(error.status, JSON.stringify(params)).toBe(422);
      expect(error.message).toMatch(/^Unprocessable/);
    }
    const response = await fetch(`${server.origin}/v2/cdn/stories?token=${PUBLIC}&per_page=101`);
    expect(await response.json()).toEqual({
      error: expect.stringContaining("per_page"),
      issues: [{ path: "per_page", message: "must be between 1 and 100" }],
    });
  });

  it("echoes the current cv whatever cv was asked for", async () => {
    expect((await client().getStories({ cv: 123 })).data.cv).toBe(store.contentVersion);
    expect((await client().getStory("home", { cv: 999_999_999_999 })).data.cv).toBe(store.contentVersion);
  });
});

describe("resolve_relations", () => {
  it("returns related stories in rels, and the client puts them in place", async () => {
    const response = await client().getStory("home", { resolve_relations: "page.featured_events" });
    expect(response.data.rels.map((story: ISbStoryData) => story.uuid).sort()).toEqual([uuid(10), uuid(11)]);
    const featured = response.data.story.content.featured_events;
    expect(featured.map((story: ISbStoryData) => story.full_slug)).toEqual(["eventos/concierto-a", "eventos/partido-b"]);
    expect(featured[0].content.title).toBe("Concierto A");
  });

  it("resolves relations in the requested language and in listings", async () => {
    const response = await client().getStories({ content_type: "event", language: "en", resolve_relations: "event.related_events", sort_by: "content.date_from:asc" });
    const concert = response.data.stories.find((story: ISbStoryData) => story.id === 10);
    expect(concert?.content.related_events[0].content.title).toBe("Match B");
  });

  it("lists more than 50 relations as rel_uuids, which the client fetches in batches of 50", async () => {
    const raw = await fetch(`${server.origin}/v2/cdn/stories/patrocinadores?token=${PUBLIC}&resolve_relations=sponsor_wall.sponsors`);
    const body = (await raw.json()) as { rels: unknown[]; rel_uuids: string[] };
    expect(body.rels).toEqual([]);
    expect(body.rel_uuids).toEqual(SPONSORS.map(uuid));

    const before = server.log.length;
    const response = await client().getStory("patrocinadores", { resolve_relations: "sponsor_wall.sponsors", language: "en" });
    const sponsors = response.data.story.content.sponsors;
    expect(sponsors).toHaveLength(60);
    expect(sponsors.every((story: unknown) => typeof story === "object")).toBe(true);
    expect(sponsors[59].content.name).toBe("Partner 260");
    const batches = answered(before).filter((entry) => entry.url.includes("by_uuids="));
    expect(batches.map((entry) => new URL(entry.url, server.origin).searchParams.get("by_uuids")?.split(",").length)).toEqual([50, 10]);
  });
});

describe("resolve_links", () => {
  it("url: the linked story's path in the language, put into the link by the client", async () => {
    const es = await client().getStory("home", { resolve_links: "url" });
    expect(es.data.links).toEqual([{ id: 2, uuid: uuid(2), name: "Sobre nosotros", slug: "sobre-nosotros", full_slug: "sobre-nosotros", url: "sobre-nosotros" }]);
    expect(es.data.story.content.body[1].link.story.url).toBe("sobre-nosotros");

    const en = await client().getStory("home", { resolve_links: "url", language: "en" });
    expect(en.data.story.content.body[1].link.story).toMatchObject({ full_slug: "sobre-nosotros", url: "about-us" });
  });

  it("story: the whole linked story; link: the link object", async () => {
    const story = await client().getStory("config", { resolve_links: "story" });
    const links = story.data.links as ISbStoryData[];
    expect(links.map((link) => link.uuid)).toEqual([uuid(2)]);
    expect(links[0]?.content.title).toBe("Sobre nosotros");

    const link = await client().getStory("config", { resolve_links: "link" });
    expect(link.data.links[0]).toMatchObject({ uuid: uuid(2), slug: "sobre-nosotros", real_path: "/sobre-nosotros", is_folder: false });
  });

  it("lists more than 50 links as link_uuids", async () => {
    const raw = await fetch(`${server.origin}/v2/cdn/stories/patrocinadores?token=${PUBLIC}&resolve_links=url`);
    const body = (await raw.json()) as { links: unknown[]; link_uuids: string[] };
    expect(body.links).toEqual([]);
    expect(body.link_uuids).toHaveLength(60);

    const response = await client().getStory("patrocinadores", { resolve_links: "url" });
    expect(response.data.story.content.links[0].link.story.full_slug).toBe("socios/socio-201");
  });
});

describe("GET /v2/cdn/links", () => {
  it("answers link objects keyed by uuid, folders included", async () => {
    const links = (await client().get("cdn/links", { per_page: 1000 })).data.links as Record<string, { alternates: unknown[] }>;
    expect(links[uuid(100)]).toEqual({
      id: 100,
      uuid: uuid(100),
      slug: "eventos",
      path: null,
      parent_id: null,
      name: "Eventos",
      is_folder: true,
      published: true,
      is_startpage: false,
      position: 3,
      real_path: "/eventos",
      alternates: [
        { path: "events", name: "Events", lang: "en", published: true, translated_slug: "events" },
        { path: "esdeveniments", name: "Esdeveniments", lang: "val", published: true, translated_slug: "esdeveniments" },
      ],
    });
    expect(links[uuid(10)]?.alternates[0]).toMatchObject({ path: "events/concert-a", lang: "en" });
    expect(links[uuid(12)]).toBeUndefined();
    expect(Object.keys(links)).toHaveLength(store.entries.length - 1);

    const draft = await client({ accessToken: PREVIEW }).get("cdn/links", { version: "draft", starts_with: "eventos/", include_dates: 1 });
    expect(Object.values(draft.data.links ?? {}).map((link) => link.id).sort()).toEqual([10, 11, 12, 13]);
    expect(draft.data.links?.[uuid(12)]?.created_at).toBe("2024-11-20T08:00:00.000Z");
  });

  it("pages with paginated=1, and getAll reads every page", async () => {
    const page = await client().get("cdn/links", { paginated: 1, per_page: 20, page: 2 });
    expect(page.total).toBe(store.entries.length - 1);
    expect(page.perPage).toBe(20);
    expect(Object.keys(page.data.links ?? {})).toHaveLength(20);

    const all = await client().getAll("cdn/links", { paginated: 1, per_page: 20 } as Record<string, unknown>);
    expect(new Set(all.map((link: { uuid: string }) => link.uuid)).size).toBe(store.entries.length - 1);
  });

  it("answers 404 for unknown endpoints", async () => {
    expect((await rejection(client().get("cdn/nothing-here"))).status).toBe(404);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After above the configured rate per token", async () => {
    const frozen = await serveApi({ store, rateLimitPerSecond: 2, now: () => 1_700_000_000_250 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${frozen.origin}/v2/cdn/stories/home?token=${PUBLIC}&cv=${store.contentVersion}`);
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter = response.headers.get("retry-after");
          expect(await response.json()).toEqual({ error: "Too Many Requests" });
        }
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(retryAfter).toBe("1");
      // Another token has its own allowance.
      expect((await fetch(`${frozen.origin}/v2/cdn/stories/home?token=${PREVIEW}&cv=${store.contentVersion}`)).status).toBe(200);

      // A client that gives up after one retry sees the 429.
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const impatient = new StoryblokClient({ accessToken: PUBLIC, endpoint: `${frozen.origin}/v2`, cache: { type: "none", cv: "manual" }, maxRetries: 1, retriesDelay: 10 });
      const error = await rejection(impatient.getStory("home", { cv: store.contentVersion }));
      log.mockRestore();
      expect(error.status).toBe(429);
      expect(error.message).toBe("Too Many Requests");
    } finally {
      await frozen.close();
    }
  });

  it("never makes the site's own reads queue behind a public flood", async () => {
    const api = createContentApi({ store, publicToken: PUBLIC, previewToken: PREVIEW, spaceId: 4242, rateLimitPerSecond: 2, now: () => 1_700_000_000_250 });
    const publicStatuses: number[] = [];
    for (let i = 0; i < 5; i++) publicStatuses.push((await api.public.request(`/stories/home?token=${PUBLIC}&cv=${store.contentVersion}`)).status);
    expect(publicStatuses).toEqual([200, 200, 429, 429, 429]);
    // Within the same frozen second, the site's own rendering still reads every story it needs.
    for (let i = 0; i < 20; i++) {
      const own = await api.ownReads.request(`/stories/home?token=${PUBLIC}&cv=${store.contentVersion}`);
      expect(own.status).toBe(200);
      expect(own.headers.get("x-ratelimit")).toBeNull();
    }
    expect((await api.public.request(`/stories/home?token=${PUBLIC}&cv=${store.contentVersion}`)).status).toBe(429);
    // Own reads still check the token and parameters as the public API does.
    expect((await api.ownReads.request("/stories/home?token=wrong")).status).toBe(401);
  });

  it("lets the client's own retries (300 ms apart) get through once the window passes", async () => {
    const limited = await serveApi({ store, rateLimitPerSecond: 3 });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const eager = new StoryblokClient({ accessToken: PUBLIC, endpoint: `${limited.origin}/v2`, cache: { type: "none", cv: "manual" }, rateLimit: 1000 });
      const stories = await Promise.all(Array.from({ length: 8 }, () => eager.getStory("home", { cv: store.contentVersion })));
      expect(stories.every((response) => response.data.story.id === 1)).toBe(true);
      const throttled = limited.log.filter((entry) => entry.status === 429).length;
      expect(throttled).toBeGreaterThan(0);
      expect(limited.log.length).toBe(8 + throttled);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("Hit rate limit"));
    } finally {
      log.mockRestore();
      await limited.close();
    }
  });
});

// Storyblok v2's answers where they used to differ (issue 13, item 3). Each test quotes the
// documented behaviour it checks.
describe("answers as Storyblok v2 gives them", () => {
  const raw = (path: string, query: string, init: RequestInit = {}) => fetch(`${server.origin}/v2/cdn/${path}?token=${PUBLIC}&${query}`, init);

  it("answers 422 naming an unknown parameter, on every endpoint", async () => {
    // "Version 2 validates the parameters sent to the stories endpoints. An unrecognized parameter
    // returns a 422 error with the incorrect parameter name" (docs: content-delivery/v2/migrating-from-v1);
    // Storyblok words it {"error":"Parameter(s) cache_version not allowed"} (storyblok-php-client#32).
    for (const path of ["stories", "stories/home", "links", "spaces/me"]) {
      const response = await raw(path, `cv=${store.contentVersion}&cache_version=1`);
      expect(response.status, path).toBe(422);
      expect(await response.json(), path).toEqual({ error: "Parameter(s) cache_version not allowed", issues: [{ path: "cache_version", message: "is not a parameter of this endpoint" }] });
    }
    // Only the list of stories takes filter_query and paging.
    expect((await raw("stories/home", `cv=${store.contentVersion}&filter_query[title][in]=x`)).status).toBe(422);
    expect((await raw("stories/home", `cv=${store.contentVersion}&per_page=10`)).status).toBe(422);
    expect((await rejection(client().getStories({ starts_with: "eventos/", sort: "name" } as ISbStoriesParams))).message).toBe("Parameter(s) sort not allowed");
  });

  it("answers 422 for documented parameters it cannot honour, never ignoring them", async () => {
    // from_release: "Access a story version in a specific release by providing the release ID";
    // in_workflow_stages, resolve_assets, only_variants: workflow stages, asset metadata and
    // experiments (docs: content-delivery/v2/stories/retrieve-multiple-stories). None exist here.
    for (const [query, reason] of [
      ["from_release=124105888551306", "no releases"],
      ["in_workflow_stages=1,2", "no workflow stages"],
      ["resolve_assets=1", "does not attach asset objects"],
      ["only_variants=true", "no experiments"],
    ] as const) {
      const response = await raw("stories", `cv=${store.contentVersion}&${query}`);
      expect(response.status, query).toBe(422);
      expect(((await response.json()) as { error: string }).error, query).toContain(reason);
    }
    expect((await raw("stories/home", `cv=${store.contentVersion}&from_release=1`)).status).toBe(422);
  });

  it("honours the documented parameters it used to ignore", async () => {
    // fallback_lang: "Used to define a custom fallback language to handle untranslated fields."
    // The home page's description has a Valencian translation and no English one.
    const en = (await client().getStory("home", { language: "en" })).data.story;
    expect(en.content.description).toBe("El recinto de Valencia");
    const fallback = (await client().getStory("home", { language: "en", fallback_lang: "val" })).data.story;
    expect(fallback.content).toMatchObject({ title: "Home", description: "El recinte de València" });
    const listed = await client().getStories({ by_slugs: "home", language: "en", fallback_lang: "val" });
    expect(listed.data.stories[0]?.content.description).toBe("El recinte de València");

    // by_ids: "Filter by comma-separated IDs."; published_at_gte/_lte: "at or after / at or before".
    const ids = async (params: Record<string, unknown>) => (await client().getStories({ sort_by: "id:asc", ...params })).data.stories.map((story: ISbStoryData) => story.id);
    expect(await ids({ by_ids: "13,1,12" })).toEqual([1, 13]);
    expect(await ids({ starts_with: "eventos/", published_at_gt: "2025-01-05 12:00" })).toEqual([]);
    expect(await ids({ starts_with: "eventos/", published_at_gte: "2025-01-05 12:00" })).toEqual([10, 11, 13]);
    expect(await ids({ starts_with: "eventos/", updated_at_lte: "2024-01-01 00:00" })).toEqual([]);

    // sort_by: "possibility to sort values keeping the null (or empty) ones first or last …
    // nulls_last is the default behavior." The two without one tie, newest id first as in Storyblok's default order.
    expect(await ids({ content_type: "event", sort_by: "content.date_to:asc" })).toEqual([13, 11, 10]);
    expect(await ids({ content_type: "event", sort_by: "content.date_to:asc:nulls_first" })).toEqual([11, 10, 13]);

    // level: "Only the immediate child stories are included in the response. Stories defined as
    // root for the folder are excluded."
    const withStartPage = await serveApi({
      store: createContentStore([
        { json: { id: 1, uuid: "f", name: "Blog", slug: "blog", full_slug: "blog", is_folder: true } },
        { json: { id: 2, uuid: "s", name: "Blog", slug: "index", full_slug: "blog/", parent_id: 1, is_startpage: true, published: true, content: { _uid: "s", component: "page" } } },
        { json: { id: 3, uuid: "p", name: "Post", slug: "post", full_slug: "blog/post", parent_id: 1, published: true, content: { _uid: "p", component: "page" } } },
        { json: { id: 4, uuid: "h", name: "Home", slug: "home", full_slug: "home", published: true, content: { _uid: "h", component: "page" } } },
      ]),
    });
    try {
      const level = async (n: number) => ((await (await fetch(`${withStartPage.origin}/v2/cdn/stories?token=${PUBLIC}&cv=1&level=${n}`)).json()) as { stories: { id: number }[] }).stories.map((story) => story.id);
      expect(await level(1)).toEqual([4]);
      expect(await level(2)).toEqual([3]);
    } finally {
      await withStartPage.close();
    }

    // content_type on a single story: a story of another type is not found.
    expect((await client().getStory("home", { content_type: "page" } as ISbStoryParams)).data.story.id).toBe(1);
    expect((await rejection(client().getStory("home", { content_type: "event" } as ISbStoryParams))).status).toBe(404);

    // resolve_links_level: "Resolve up to two levels of links."
    const one = await client().getStory("cadena-310", { resolve_links: "story" });
    expect((one.data.links as ISbStoryData[]).map((link) => link.id)).toEqual([311]);
    const two = await client().getStory("cadena-310", { resolve_links: "story", resolve_links_level: 2 });
    expect((two.data.links as ISbStoryData[]).map((link) => link.id).sort()).toEqual([1, 311]);
  });

  it("redirects a request without cv to the current cv, and serves the one with it", async () => {
    // "The cv is also a query parameter that is used to retrieve the stories. If it's not present
    // in the API request, the Storyblok backend performs an HTTP redirect to the same endpoint
    // with the latest available cv value" (storyblok.com/faq/how-stories-are-cached-content-delivery-api).
    for (const [path, query] of [["stories", "language=en"], ["stories/home", "language=en"], ["links", "starts_with=eventos"]] as const) {
      const response = await raw(path, query, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      const location = new URL(response.headers.get("location") ?? "", server.origin);
      expect(location.origin).toBe(server.origin);
      expect(location.pathname).toBe(`/v2/cdn/${path}`);
      expect(Object.fromEntries(location.searchParams)).toEqual({ token: PUBLIC, ...Object.fromEntries(new URLSearchParams(query)), cv: String(store.contentVersion) });
      expect((await fetch(location, { redirect: "manual" })).status).toBe(200);
    }
    // "The most up-to-date cv value of a space can be retrieved with an API call excluding the
    // cv parameter" (docs: content-delivery/v2/getting-started/cache-invalidation).
    expect((await raw("spaces/me", "", { redirect: "manual" })).status).toBe(200);
    // Bad requests are refused before any redirect.
    expect((await raw("stories", "per_page=500", { redirect: "manual" })).status).toBe(422);
    expect((await raw("stories", "filter_query[category][roughly]=x", { redirect: "manual" })).status).toBe(422);
  });

  it("lets storyblok-js-client follow the redirect once, then send the cv it learnt", async () => {
    // A token of its own: the client keeps cache versions per token, module-wide.
    const own = await serveApi({ store, publicToken: "learning-token" });
    try {
      const learning = new StoryblokClient({ accessToken: "learning-token", endpoint: `${own.origin}/v2`, cache: { type: "none" } });
      for (let i = 0; i < 3; i++) expect((await learning.getStory("home")).data.story.id).toBe(1);
      expect(own.log.map((entry) => entry.status)).toEqual([301, 200, 200, 200]);
      expect(own.log.slice(2).every((entry) => entry.url.includes(`cv=${store.contentVersion}`))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("pages /links by default: 25 a page, up to 1000, with the total header", async () => {
    // "This endpoint is paginated by default. To receive more than the default of 25 link
    // entries, the per_page parameter can be set to a maximum of 1000"
    // (docs: content-delivery/v2/links/retrieve-multiple-links).
    const all = store.entries.length - 1;
    const first = await client().get("cdn/links");
    expect(Object.keys(first.data.links ?? {})).toHaveLength(25);
    expect(first.total).toBe(all);
    expect(first.perPage).toBe(25);
    const last = await client().get("cdn/links", { page: Math.ceil(all / 25) });
    expect(Object.keys(last.data.links ?? {})).toHaveLength(all % 25 || 25);
    expect(Object.keys((await client().get("cdn/links", { per_page: 1000 })).data.links ?? {})).toHaveLength(all);
    expect((await rejection(client().get("cdn/links", { per_page: 1001 }))).status).toBe(422);
    const every = await client().getAll("cdn/links", {});
    expect(new Set(every.map((link: { uuid: string }) => link.uuid)).size).toBe(all);

    // by_uuid: "Filter links by story or folder UUID"; and one link at /links/{uuid}.
    expect(Object.keys((await client().get("cdn/links", { by_uuid: uuid(100) } as ISbLinksParams)).data.links ?? {})).toEqual([uuid(100)]);
    expect((await client().get(`cdn/links/${uuid(10)}`)).data.link).toMatchObject({ id: 10, slug: "eventos/concierto-a" });
    expect((await rejection(client().get(`cdn/links/${uuid(12)}`))).status).toBe(404);
  });

  it("leaves out the story fields of excluding_story_fields, and ignores the others, as storyblok-js-client 7.7 documents", async () => {
    // "Top-level story fields that can be excluded from CDN API responses via the
    // `excluding_story_fields` parameter. Fields not in this list are silently ignored by the API."
    // (storyblok-js-client 7.7, src/interfaces.ts, ExcludableStoryField)
    const { stories } = (await client().getStories({ starts_with: "eventos/", excluding_story_fields: ["translated_slugs", "alternates", "path"], resolve_relations: "event.related_events" })).data;
    expect(stories.length).toBeGreaterThan(0);
    for (const story of stories) {
      expect(story).not.toHaveProperty("translated_slugs");
      expect(story).not.toHaveProperty("alternates");
      expect(story).not.toHaveProperty("path");
      expect(story).toMatchObject({ id: expect.any(Number), uuid: expect.any(String), full_slug: expect.any(String), content: expect.any(Object) });
    }
    const { story } = (await client().getStory("home", { excluding_story_fields: "tag_list,content,name" } as unknown as ISbStoryParams)).data;
    expect(story).not.toHaveProperty("tag_list");
    expect(story).toMatchObject({ name: "Inicio", content: { component: "page" } });
  });

  it("lists the tags used by stories with how many each has, and refuses assets/me saying why (docs: tags, get signed URL)", async () => {
    // "Returns an array of tag objects used in a space. Only tags assigned to at least one story are
    // included"; a tag object is { "name": "Editor's Choice", "taggings_count": 11 }.
    const { data } = await client().get("cdn/tags", {});
    const tagged = new Map<string, number>();
    for (const file of store.entries) if (!file.is_folder && store.contentOf(file, "published")) for (const tag of file.tag_list ?? []) tagged.set(tag, (tagged.get(tag) ?? 0) + 1);
    expect(data.tags.length).toBeGreaterThan(0);
    expect(data.tags).toEqual([...tagged].sort(([a], [b]) => a.localeCompare(b)).map(([name, taggings_count]) => ({ name, taggings_count })));
    expect((await client().get("cdn/tags", { starts_with: "nothing-here/" })).data.tags).toEqual([]);
    // assets/me signs a private asset's URL for an asset token: there are neither here.
    const assets = await raw("assets/me", "filename=https://a.storyblok.com/f/1/x/y/z.jpg");
    expect(assets.status).toBe(422);
    expect(((await assets.json()) as { error: string }).error).toContain("no private assets");
  });

  it("marks every block of a draft with _editable, as Storyblok does for the visual editor, and no published block", async () => {
    // A real draft of Storyblok's starter space: "component": "teaser", "_editable": "<!--#storyblok#{\"name\":
    // \"teaser\", \"space\": \"291223\", \"uid\": \"cb0815dc-…\", \"id\": \"506179015\"}-->", the same on each
    // nested `feature` and on the `page` content itself.
    const draft = (await client({ accessToken: PREVIEW }).getStory("home", { version: "draft" })).data.story;
    const blocks: Record<string, unknown>[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") {
        const record = value as Record<string, unknown>;
        if (typeof record.component === "string" && typeof record._uid === "string") blocks.push(record);
        Object.values(record).forEach(visit);
      }
    };
    visit(draft.content);
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) {
      expect(block._editable).toBe(`<!--#storyblok#{"name": "${String(block.component)}", "space": "4242", "uid": "${String(block._uid)}", "id": "${draft.id}"}-->`);
    }
    const published = (await client().getStory("home")).data.story;
    expect(keysOf(published.content)).not.toContain("_editable");
    // The marks are not content: a draft search for "storyblok" finds nothing more than a published one.
    const found = async (version: "draft" | "published") => (await client({ accessToken: PREVIEW }).getStories({ version, search_term: "#storyblok#" })).data.stories.length;
    expect(await found("draft")).toBe(0);
  });

  it("finds a story by uuid only with find_by=uuid", async () => {
    // "When using the story UUID as a path parameter, it is required to append the query
    // parameter find_by=uuid" (docs: content-delivery/v2/stories/retrieve-a-single-story).
    expect((await client().getStory(uuid(2), { find_by: "uuid", language: "en" })).data.story).toMatchObject({ id: 2, lang: "en" });
    expect((await rejection(client().getStory(uuid(2)))).status).toBe(404);
    expect((await rejection(client().getStory("home", { find_by: "uuid" }))).status).toBe(404);
    expect((await rejection(client().getStory(uuid(100), { find_by: "uuid" }))).status).toBe(404);
    expect((await rejection(client().getStory(uuid(2), { find_by: "id" } as unknown as ISbStoryParams))).status).toBe(422);
  });
});

describe("datasources", () => {
  it("lists datasources and their entries, a dimension's values when asked", async () => {
    // datasource_entries "Returns an array of datasource entry objects for the datasource and
    // dimension defined", dimension_value being the "Entry value (requested dimension)", null
    // without one; "paginated by default" (per_page 25, max 1000) (docs: content-delivery/v2/datasources).
    const sources = await client().get("cdn/datasources");
    expect(sources.data.datasources).toEqual([
      { id: 1, name: "Categorías", slug: "categories", dimensions: [{ id: 7, name: "English", entry_value: "en" }] },
      { id: 2, name: "Colores", slug: "colors", dimensions: [] },
    ]);
    expect(sources.total).toBe(2);
    expect((await client().get("cdn/datasources/colors")).data.datasource).toMatchObject({ id: 2 });
    expect((await client().get("cdn/datasources/1")).data.datasource).toMatchObject({ slug: "categories" });

    const entries = await client().get("cdn/datasource_entries", { datasource: "categories" } as Record<string, unknown>);
    expect(entries.data.datasource_entries).toEqual([
      { id: 11, name: "Concierto", value: "concert", dimension_value: null },
      { id: 12, name: "Deporte", value: "sport", dimension_value: null },
    ]);
    const english = await client().get("cdn/datasource_entries", { datasource: "categories", dimension: "en" } as Record<string, unknown>);
    expect(english.data.datasource_entries.map((entry: { dimension_value: string | null }) => entry.dimension_value)).toEqual(["Concert", null]);
    const all = await client().getAll("cdn/datasource_entries", {}, "datasource_entries");
    expect(all).toHaveLength(3);
    expect((await rejection(client().get("cdn/datasource_entries", { per_page: 1001 }))).status).toBe(422);
    expect((await rejection(client().get("cdn/datasources/nope"))).status).toBe(404);
  });
});

describe("a real space's answer (storyblok-php-client's tests/Data/v2/stories.json, issue 55)", () => {
  // GET /v2/cdn/stories of a real space, as Storyblok answered it (fixtures/content/storyblok-php-client/README.md).
  const real = JSON.parse(readFileSync(join(FIXTURES, "storyblok-php-client/stories.json"), "utf8")) as { stories: Record<string, unknown>[] };
  let served: ServedFetch;
  let pulled: ContentStore;

  beforeAll(async () => {
    // Each story as a pull holds it: the story object, published.
    pulled = createContentStore(real.stories.map((story) => ({ json: { ...story, published: true } })));
    served = await serveFetch(new Hono().route("/v2/cdn", createContentApi({ store: pulled, publicToken: PUBLIC, previewToken: PREVIEW, spaceId: 4242, rateLimitPerSecond: Infinity }).public).fetch);
  });
  afterAll(() => served.close());

  const stories = async (query = "") => {
    const response = await fetch(`${served.origin}/v2/cdn/stories?token=${PUBLIC}&cv=${pulled.contentVersion}&per_page=100${query}`);
    return ((await response.json()) as { stories: Record<string, unknown>[] }).stories;
  };

  it("lists the stories in Storyblok's default order: by position, ties by id with the newest first", async () => {
    expect((await stories()).map((story) => story.id)).toEqual(real.stories.map((story) => story.id));
    // Page 2 holds what it holds on Storyblok.
    const second = await fetch(`${served.origin}/v2/cdn/stories?token=${PUBLIC}&cv=${pulled.contentVersion}&per_page=5&page=2`);
    expect(((await second.json()) as { stories: { id: number }[] }).stories.map((story) => story.id)).toEqual(real.stories.slice(5, 10).map((story) => story.id));
  });

  it("answers every story field as Storyblok did: path, group_id, alternates, meta_data, and translated_slugs null in a space without them", async () => {
    // The 2022 answer has no `updated_at`, which the docs' story object has: the embedded API answers it (null here).
    const answered = (await stories()).map(({ updated_at: _updatedAt, ...story }) => story);
    expect(answered).toEqual(real.stories);
  });

  it("keeps a story's real path, its alternates and its apps' meta data, and links to its real path", async () => {
    // "path (string | null): Real path defined in the story's entry configuration"; real_path: "Either the
    // full slug … with a leading /, or, if existent, the value of the real path … with a leading /";
    // group_id: "A UUID shared between stories defined as alternates" (docs: the story object, the link object).
    const alternate = { id: 8, name: "Home (US)", slug: "home", published: true, full_slug: "us/home", is_folder: false, parent_id: 7 };
    const home = { id: 5, uuid: uuid(5), name: "Home", slug: "home", full_slug: "home", published: true, path: "/", group_id: uuid(900), alternates: [alternate], meta_data: { seo: "kept" }, content: { _uid: "h", component: "page" } };
    const app = new Hono().route("/v2/cdn", createContentApi({ store: createContentStore([{ json: home }]), publicToken: PUBLIC, previewToken: PREVIEW, spaceId: 1, rateLimitPerSecond: Infinity }).public);
    const cvOf = async () => ((await (await app.request(`/v2/cdn/spaces/me?token=${PUBLIC}`)).json()) as { space: { version: number } }).space.version;
    const cv = await cvOf();
    const { story } = (await (await app.request(`/v2/cdn/stories/home?token=${PUBLIC}&cv=${cv}`)).json()) as { story: Record<string, unknown> };
    expect(story).toMatchObject({ path: "/", group_id: uuid(900), alternates: [alternate], meta_data: { seo: "kept" }, translated_slugs: null });
    const { links } = (await (await app.request(`/v2/cdn/links?token=${PUBLIC}&cv=${cv}`)).json()) as { links: Record<string, { path: string | null; real_path: string }> };
    expect(links[uuid(5)]).toMatchObject({ path: "/", real_path: "/" });
  });
});
