import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ContentStoreError, createContentStore, loadContentStore } from "../../../../../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryDelivery } from "../../../../../../adapters/embedded/embedded-content/store/story-delivery.ops";
import { linkedStoryUuids, relationUuids } from "../../../../../../adapters/embedded/embedded-content/store/story-references.ops";
import { parseDate, queryStories, resolveStartsWith } from "../../../../../../adapters/embedded/embedded-content/store/story-query.ops";

const FIXTURES = join(import.meta.dirname, "../../../../../fixtures/content");
const uuid = (n: number) => `7b1c0f2e-0a1e-4c55-9b1a-${String(n).padStart(12, "0")}`;
const store = loadContentStore(FIXTURES);

describe("loadContentStore", () => {
  it("reads every story and folder of the CLI layout (stories/<space>/), by id", () => {
    expect(store.spaceId).toBe(4242);
    expect(store.problems).toEqual([]);
    expect(store.entries.map((story) => story.id)).toEqual([1, 2, 3, 10, 11, 12, 13, 100]);
    expect(store.languages).toEqual(["en", "val"]);
    expect(Number.isSafeInteger(store.contentVersion)).toBe(true);
  });

  it("gives every change to a story a new content version, the same in every process reading the same files", () => {
    const files = (title: string, updatedAt = "2025-01-01T00:00:00.000Z") => [
      { json: { id: 1, uuid: uuid(1), name: "Home", slug: "home", full_slug: "home", published: true, updated_at: updatedAt, content: { component: "page", title } } },
    ];
    const cv = createContentStore(files("Inicio")).contentVersion;
    expect(loadContentStore(FIXTURES).contentVersion).toBe(store.contentVersion);
    expect(createContentStore(files("Inicio")).contentVersion).toBe(cv);
    // Neither the newest timestamp nor the number of stories moves: the version does.
    expect(createContentStore(files("Inicio!")).contentVersion).not.toBe(cv);
    expect(createContentStore(files("Inicio", "2025-01-01T00:00:00.001Z")).contentVersion).not.toBe(cv);
  });

  it("finds stories by id, uuid and full slug, but folders only by id and uuid", () => {
    expect(store.byId(10)?.full_slug).toBe("eventos/concierto-a");
    expect(store.byUuid(uuid(11))?.slug).toBe("partido-b");
    expect(store.byFullSlug("eventos/festival-d")?.id).toBe(13);
    expect(store.byFullSlug("eventos")).toBeUndefined();
    expect(store.byId(100)?.is_folder).toBe(true);
  });

  it("builds translated paths from the story's and its folders' translated slugs", () => {
    const concert = store.byId(10)!;
    expect(store.pathIn(concert, "default")).toBe("eventos/concierto-a");
    expect(store.pathIn(concert, "en")).toBe("events/concert-a");
    expect(store.pathIn(concert, "val")).toBe("esdeveniments/concierto-a");
    expect(store.byPath("en", "events/concert-a")?.id).toBe(10);
    expect(store.byPath("en", "eventos/concierto-a")?.id).toBe(10);
    expect(store.byPath("val", "sobre-nosaltres")?.id).toBe(2);
    expect(store.byPath("en", "events")).toBeUndefined();
  });

  it("shows the published content, or the draft, per version", () => {
    const about = store.byId(2)!;
    expect(store.contentOf(about, "published")?.title).toBe("Sobre nosotros");
    expect(store.contentOf(about, "draft")?.title).toBe("Sobre nosotros (borrador)");
    const draftOnly = store.byId(12)!;
    expect(store.contentOf(draftOnly, "published")).toBeUndefined();
    expect(store.contentOf(draftOnly, "draft")?.component).toBe("event");
    expect(store.contentOf(store.byId(100)!, "draft")).toBeUndefined();
  });

  it("leaves out a story that is not one, naming its file, and serves the rest", () => {
    const story = { id: 1, uuid: "u1", name: "A", slug: "a", full_slug: "a", published: true, content: { _uid: "a", component: "page" } };
    const broken = createContentStore([{ file: "stories/1/bad_x.json", json: { id: "one", uuid: "x" } }, { file: "stories/1/a_u1.json", json: story }]);
    expect(broken.entries.map((entry) => entry.id)).toEqual([1]);
    expect(broken.problems).toEqual([expect.stringMatching(/^stories\/1\/bad_x\.json is not a Storyblok story, and is left out: .*id/)]);
    expect(() => loadContentStore(join(FIXTURES, "missing"))).toThrowError(ContentStoreError);
  });

  it("serves the first of two stories sharing an id, a uuid or a full slug, and names the second (Storyblok keeps them unique)", () => {
    const story = (id: number, uuid: string, fullSlug: string) => ({ file: `${fullSlug}_${uuid}.json`, json: { id, uuid, name: fullSlug, slug: fullSlug, full_slug: fullSlug, published: true, content: { _uid: uuid, component: "page" } } });
    const clashing = createContentStore([story(1, "u1", "home"), story(1, "u2", "other"), story(2, "u1", "third"), story(3, "u3", "home")]);
    expect(clashing.entries.map((entry) => entry.uuid)).toEqual(["u1"]);
    expect(clashing.byFullSlug("home")?.id).toBe(1);
    expect(clashing.problems).toEqual([
      "other_u2.json has the id 1 of home_u1.json: only the first is served",
      "third_u1.json has the uuid u1 of home_u1.json: only the first is served",
      "home_u3.json has the full slug \"home\" of home_u1.json: only the first is served",
    ]);
  });

  it("reads numeric uuids as text, a missing published as unpublished, and null translated slugs as none", () => {
    const imported = createContentStore([
      { json: { id: 7, uuid: 12345, name: "Hola", slug: "hola", full_slug: "hola", content: { _uid: "h", component: "page" }, translated_slugs: [{ lang: "en", slug: null, name: null }] } },
      { json: { id: 8, uuid: 12346, name: "Adiós", slug: "adios", full_slug: "adios", published: true, translated_slugs: null, content: { _uid: "a", component: "page" } } },
    ]);
    expect(imported.problems).toEqual([]);
    expect(imported.byUuid("12345")?.id).toBe(7);
    expect(imported.contentOf(imported.byId(7)!, "published")).toBeUndefined();
    expect(imported.contentOf(imported.byId(7)!, "draft")?.component).toBe("page");
    expect(imported.pathIn(imported.byId(7)!, "en")).toBe("hola");
    expect(imported.pathIn(imported.byId(8)!, "en")).toBe("adios");
  });

  it("shows visitors the published snapshot of a story with unpublished changes, and never its draft", () => {
    const pulled = { id: 1, uuid: "u1", name: "A", slug: "a", full_slug: "a", published: true, unpublished_changes: true, content: { _uid: "a", component: "page", title: "Borrador" } };
    const snapshot = { ...pulled, unpublished_changes: false, content: { _uid: "a", component: "page", title: "Publicado" } };
    const withSnapshot = createContentStore([{ json: pulled }], { published: [{ file: "published/1/a_u1.json", json: snapshot }] });
    expect(withSnapshot.contentOf(withSnapshot.byId(1)!, "published")?.title).toBe("Publicado");
    expect(withSnapshot.contentOf(withSnapshot.byId(1)!, "draft")?.title).toBe("Borrador");
    expect(withSnapshot.problems).toEqual([]);

    const without = createContentStore([{ file: "stories/1/a_u1.json", json: pulled }]);
    expect(without.contentOf(without.byId(1)!, "published")).toBeUndefined();
    expect(without.problems).toEqual([expect.stringContaining("stories/1/a_u1.json is published with unpublished changes, but there is no published/ snapshot")]);

    const leftover = createContentStore([{ json: { ...pulled, unpublished_changes: false } }], { published: [{ file: "published/1/a_u1.json", json: snapshot }, { file: "published/1/b.json", json: { ...snapshot, uuid: "gone" } }] });
    expect(leftover.contentOf(leftover.byId(1)!, "published")?.title).toBe("Borrador");
    expect(leftover.problems).toEqual([expect.stringContaining("published/1/a_u1.json is left over"), expect.stringContaining("published/1/b.json is the published version of a story that is not in stories/")]);
  });

  it("reads the configured space's folder, else the only one, and explains the old flat layout", () => {
    const root = mkdtempSync(join(tmpdir(), "content-layout-"));
    try {
      const story = { id: 1, uuid: "u1", name: "A", slug: "a", full_slug: "a", published: true, content: { _uid: "a", component: "page" } };
      mkdirSync(join(root, "stories", "77"), { recursive: true });
      writeFileSync(join(root, "stories", "77", "a_u1.json"), JSON.stringify(story));
      writeFileSync(join(root, "stories", "77", "broken_u2.json"), "{");
      const only = loadContentStore(root, { spaceId: 1000001 });
      expect(only.spaceId).toBe(77);
      expect(only.entries.map((entry) => entry.id)).toEqual([1]);
      expect(only.problems).toEqual([expect.stringMatching(/broken_u2\.json is not valid JSON/)]);

      mkdirSync(join(root, "stories", "88"));
      expect(loadContentStore(root, { spaceId: 77 }).spaceId).toBe(77);
      expect(() => loadContentStore(root, { spaceId: 99 })).toThrowError(/space folders 77, 88 and none is 99/);

      const flat = mkdtempSync(join(tmpdir(), "content-flat-"));
      mkdirSync(join(flat, "stories"));
      writeFileSync(join(flat, "stories", "a_u1.json"), JSON.stringify(story));
      expect(() => loadContentStore(flat)).toThrowError(/run scripts\/migrate-content-layout\.mjs once/);
      rmSync(flat, { recursive: true, force: true });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("follows numeric uuids in relations and links", () => {
    const numeric = createContentStore([
      { json: { id: 1, uuid: 12345, name: "A", slug: "a", full_slug: "a", published: true, content: { _uid: "a", component: "event", related_events: [12346], link: { fieldtype: "multilink", linktype: "story", id: 12346 } } } },
      { json: { id: 2, uuid: 12346, name: "B", slug: "b", full_slug: "b", published: true, content: { _uid: "b", component: "event" } } },
    ]);
    const story = createStoryDelivery(numeric).story(numeric.byId(1)!, "published", "default")!;
    expect(relationUuids([story], ["event.related_events"])).toEqual(["12346"]);
    expect(linkedStoryUuids([story])).toEqual(["12346"]);
  });

  it("flags the old published_content field, which no pull writes", () => {
    const old = createContentStore([{ file: "x.json", json: { id: 1, uuid: "u1", name: "A", slug: "a", full_slug: "a", published_content: {} } }]);
    expect(old.problems).toEqual([expect.stringContaining("x.json has a published_content field")]);
  });

  it("gives a folder's start page the folder's path with a trailing slash", () => {
    const startStore = createContentStore([
      { json: { id: 1, uuid: "f", name: "Eventos", slug: "eventos", full_slug: "eventos", is_folder: true, translated_slugs: [{ lang: "en", slug: "events" }] } },
      { json: { id: 2, uuid: "s", name: "Eventos", slug: "index", full_slug: "eventos/", parent_id: 1, is_startpage: true, published: true, content: { _uid: "x", component: "page" } } },
    ]);
    const start = startStore.byId(2)!;
    expect(startStore.pathIn(start, "en")).toBe("events/");
    expect(startStore.byFullSlug("eventos")?.id).toBe(2);
    expect(startStore.byFullSlug("eventos/")?.id).toBe(2);
    expect(startStore.byPath("en", "events")?.id).toBe(2);
  });
});

describe("queries", () => {
  const delivery = createStoryDelivery(store);
  const query = { version: "published", language: "default", page: 1, perPage: 25 } as const;

  it("reads a language from starts_with only when no full slug starts with it", () => {
    expect(resolveStartsWith(store, "eventos/", undefined)).toEqual({ startsWith: "eventos/", language: undefined });
    expect(resolveStartsWith(store, "en/events/", undefined)).toEqual({ startsWith: "events/", language: "en" });
    expect(resolveStartsWith(store, "val/esdeveniments/", "en")).toEqual({ startsWith: "esdeveniments/", language: "en" });
  });

  it("memoises each story per version and language", () => {
    const concert = store.byId(10)!;
    expect(delivery.story(concert, "published", "en")).toBe(delivery.story(concert, "published", "en"));
    expect(delivery.story(concert, "published", "en")?.content.title).toBe("Concert A");
    expect(delivery.story(store.byId(12)!, "published", "default")).toBeUndefined();
  });

  it("reads Storyblok's dates as UTC and ISO dates with their offset", () => {
    expect(parseDate("2025-01-01 10:00")).toBe(Date.UTC(2025, 0, 1, 10));
    expect(parseDate("2025-01-01")).toBe(Date.UTC(2025, 0, 1));
    expect(parseDate("2025-01-01T12:00:00+02:00")).toBe(Date.UTC(2025, 0, 1, 10));
  });

  it("filters by story dates", () => {
    const ids = (dateBounds: Parameters<typeof queryStories>[2]["dateBounds"]) => queryStories(store, delivery, { ...query, dateBounds }).stories.map((story) => story.id);
    expect(ids([{ field: "updated_at", operation: "gt", value: "2025-01-12 00:00" }])).toEqual([1]);
    expect(ids([{ field: "first_published_at", operation: "lt", value: "2024-01-01" }])).toEqual([]);
  });

  it("collects relations and story links from content and rich text", () => {
    const home = delivery.story(store.byId(1)!, "published", "default")!;
    expect(relationUuids([home], ["page.featured_events"])).toEqual([uuid(10), uuid(11)]);
    expect(relationUuids([home], ["*.featured_events"])).toEqual([uuid(10), uuid(11)]);
    expect(relationUuids([home], ["event.featured_events"])).toEqual([]);
    // The rich-text link and the link field point at the same story.
    expect(linkedStoryUuids([home])).toEqual([uuid(2)]);
  });
});
