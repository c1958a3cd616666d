import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createContentApi, inProcessFetch } from "../../adapters/embedded/embedded-content/api/content-api.routes";
import { createContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { ContentServiceError, createStoryblokContent } from "../../adapters/storyblok/storyblok-content.adapter";
import type { Logger } from "../../core";

// What is particular to the content port on storyblok-js-client (logging, relation batches,
// paging, the cv check, 429 retries, failures), against the embedded Storyblok-compatible API.
// What every content adapter promises is checked by content.contract.ts
// (storyblok-content.contract.test.ts).

const TOKEN = "public-token";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function story(id: number, fullSlug: string, content: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) {
  const slug = fullSlug.split("/").pop()!;
  return {
    json: {
      id, uuid: uuid(id), name: slug, slug, full_slug: fullSlug, parent_id: fullSlug.includes("/") ? 1 : null,
      is_folder: content === undefined, published: true, position: id,
      created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z", published_at: "2026-01-01T00:00:00.000Z",
      translated_slugs: [{ lang: "en", slug, name: `${slug} (en)` }],
      ...(content ? { content: { _uid: `uid-${id}`, ...content } } : {}),
      ...extra,
    },
  };
}

const event = (id: number, date: string, extra: Record<string, unknown> = {}) =>
  story(id, `events/event-${id}`, { component: "event", title: `Evento ${id}`, title__i18n__en: `Event ${id}`, date_from: date, ...extra });

function site(overrides: { updatedAt?: string; homeTitle?: string; events?: ReturnType<typeof event>[] } = {}) {
  const events = overrides.events ?? [event(10, "2030-05-01T20:00:00+02:00", { related_events: [uuid(11)] }), event(11, "2030-04-01T20:00:00+02:00")];
  return createContentStore([
    story(1, "events", undefined),
    story(2, "home", {
      component: "page",
      title: overrides.homeTitle ?? "Inicio",
      title__i18n__en: "Home",
      body: [
        { _uid: "b1", component: "text_component", title: "Hola", title__i18n__en: "Hello" },
        { _uid: "b2", component: "carousel_3d", title: "?" },
      ],
    }, overrides.updatedAt ? { updated_at: overrides.updatedAt } : {}),
    ...events,
  ]);
}

function recordingLogger() {
  const errors: { event: string; fields: Record<string, unknown> | undefined }[] = [];
  const warnings: { event: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger: Logger = { info: () => {}, warn: (name, fields) => warnings.push({ event: name, fields }), error: (name, fields) => errors.push({ event: name, fields }) };
  return { logger, errors, warnings };
}

/** The adapter under test, talking to whichever API `current()` returns, through its fetch handler. */
function adapterFor(current: () => Hono, options: { contentVersionCheckIntervalMs?: number; logger?: Logger; now?: () => number } = {}) {
  let requests = 0;
  const statuses: number[] = [];
  const content = createStoryblokContent({
    accessToken: TOKEN,
    previewToken: "preview-token",
    endpoint: "http://content.test/v2",
    rateLimit: 1000,
    contentVersionCheckIntervalMs: options.contentVersionCheckIntervalMs ?? 60_000,
    logger: options.logger ?? recordingLogger().logger,
    ...(options.now ? { now: options.now } : {}),
    fetch: (input, init) => {
      requests += 1;
      return inProcessFetch({ fetch: (request) => current().fetch(request) })(input, init).then((response) => {
        statuses.push(response.status);
        return response;
      });
    },
  });
  return { content, requests: () => requests, statuses };
}

const api = (store = site(), rateLimitPerSecond = Number.POSITIVE_INFINITY) =>
  createContentApi({ store, publicToken: TOKEN, previewToken: "preview-token", spaceId: 1, rateLimitPerSecond }).public;

describe("the storyblok content adapter", () => {
  it("warns about an unregistered block once per story and version, not on every render (SPEC §8, issue 55)", async () => {
    const { logger, warnings } = recordingLogger();
    const { content } = adapterFor(() => api(), { logger });
    // Drafts are never cached: each of these renders decodes the story again.
    for (let render = 0; render < 3; render += 1) await content.page("home", { locale: "en", version: "draft" });
    await content.page("home", { locale: "en", version: "published" });
    const unknown = warnings.filter((warning) => warning.event === "content.unknown-block");
    expect(unknown.map((warning) => [warning.fields?.story, String(warning.fields?.version).split("@")[0], warning.fields?.components])).toEqual([
      ["home", "draft", ["carousel_3d"]],
      ["home", "published", ["carousel_3d"]],
    ]);
  });

  it("resolves an event's related events, beyond the API's 50 inline relations", async () => {
    const related = Array.from({ length: 60 }, (_, index) => event(100 + index, "2030-01-01T20:00:00+01:00"));
    const main = event(10, "2030-05-01T20:00:00+02:00", { related_events: related.map((_, index) => uuid(100 + index)) });
    const { content } = adapterFor(() => api(site({ events: [main, ...related] })));
    const found = await content.event("event-10", { locale: "en", version: "published" });
    expect(found?.content.title).toBe("Event 10");
    expect(found?.related).toHaveLength(60);
    expect(found?.related[0]?.content.title).toBe("Event 100");
  });

  it("lists every event, paging through more than one page of 100 in date order", async () => {
    const many = Array.from({ length: 130 }, (_, index) => event(1000 + index, `2030-${String((index % 12) + 1).padStart(2, "0")}-10T20:00:00+01:00`));
    const { content } = adapterFor(() => api(site({ events: many })));
    const events = await content.events({ locale: "es", version: "published" });
    expect(events).toHaveLength(130);
    const dates = events.map((item) => item.content.date_from);
    expect([...dates].sort()).toEqual(dates);
  });

  it("caches published answers per content version and drops them when the version changes", async () => {
    let current = api(site({ homeTitle: "Antes", updatedAt: "2026-01-01T00:00:00.000Z" }));
    const { content, requests } = adapterFor(() => current, { contentVersionCheckIntervalMs: 0 });
    expect((await content.page("home", { locale: "es", version: "published" }))?.content.title).toBe("Antes");
    const afterFirst = requests();
    expect((await content.page("home", { locale: "es", version: "published" }))?.content.title).toBe("Antes");
    expect(requests() - afterFirst).toBe(1); // only the cv check
    current = api(site({ homeTitle: "Después", updatedAt: "2026-02-01T00:00:00.000Z" }));
    expect((await content.page("home", { locale: "es", version: "published" }))?.content.title).toBe("Después");
  });

  it("serves a publish on every instance once its check is due, whichever instance the webhook reached", async () => {
    let current = api(site({ homeTitle: "Antes" }));
    let time = 0;
    const interval = 2_000;
    const [reached, other] = [adapterFor(() => current, { contentVersionCheckIntervalMs: interval, now: () => time }), adapterFor(() => current, { contentVersionCheckIntervalMs: interval, now: () => time })];
    const title = async (instance: typeof reached) => (await instance.content.page("home", { locale: "es", version: "published" }))?.content.title;
    expect([await title(reached), await title(other)]).toEqual(["Antes", "Antes"]);
    current = api(site({ homeTitle: "Después" }));
    reached.content.purge(); // the webhook
    time += interval / 2;
    expect([await title(reached), await title(other)]).toEqual(["Después", "Antes"]);
    time += interval / 2;
    expect([await title(reached), await title(other)]).toEqual(["Después", "Después"]);
  });

  it("keeps serving the known content version when a check fails, and says so", async () => {
    let current: Hono = api(site({ homeTitle: "Inicio" }));
    const { logger } = recordingLogger();
    const warnings: string[] = [];
    const { content } = adapterFor(() => current, { contentVersionCheckIntervalMs: 0, logger: { ...logger, warn: (event) => warnings.push(event) } });
    expect((await content.page("home", { locale: "es", version: "published" }))?.content.title).toBe("Inicio");
    current = new Hono().all("*", (c) => c.json({ error: "boom" }, 503));
    expect((await content.page("home", { locale: "es", version: "published" }))?.content.title).toBe("Inicio");
    expect(warnings).toContain("content.cv-check-failed");
  });

  it("rides out the API's 429s by retrying 300 ms apart", async () => {
    const limited = api(site(), 2);
    const { content, statuses } = adapterFor(() => limited);
    const pages = await Promise.all((["es", "en", "val"] as const).map((locale) => content.page("home", { locale, version: "published" })));
    expect(pages.map((page) => page?.content.title)).toEqual(["Inicio", "Home", "Inicio"]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  }, 20_000);

  it("rejects a failing service with its message, status and response", async () => {
    const broken = new Hono().all("*", (c) => c.json({ error: "boom" }, 503));
    const { content } = adapterFor(() => broken);
    const failure = await content.page("home", { locale: "es", version: "published" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentServiceError);
    expect((failure as ContentServiceError).status).toBe(503);
    expect((failure as ContentServiceError).response).toBeDefined();
  });
});
