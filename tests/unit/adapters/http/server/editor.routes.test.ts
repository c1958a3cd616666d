import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editorComponentsRoute } from "../../../../../adapters/http/server/editor-components.route";
import { editorSessionRoute, EDITOR_SESSION_COOKIE } from "../../../../../adapters/http/server/editor-session.route";
import { editorStoriesRoute } from "../../../../../adapters/http/server/editor-stories.route";
import { loadContentStore, type ContentStore } from "../../../../../adapters/embedded/embedded-content/store/content-store.adapter";
import { problemsBlockingSave, readComponents } from "../../../../../adapters/embedded/embedded-content/store/story-content-check";
import { createStoryWriter } from "../../../../../adapters/embedded/embedded-content/store/story-writer";
import { schemaGlossary } from "../../../../../adapters/embedded/editor/schema-glossaries";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createEditorSessions, type EditorSessions } from "../../../../../adapters/embedded/editor/editor-sessions";
import { createSqliteEditorSessions } from "../../../../../adapters/embedded/editor/sqlite-editor-sessions.adapter";
import { DEFAULT_LOCALE_SETTINGS, isGenuinePreview, type ComponentDefinition } from "../../../../../core";

const ORIGIN = "https://arena.test";
const PASSWORD = "Correct-Horse-Battery-9";
const LEGAL = "9a70e45a-726c-4b57-885c-d507ef458069";
const PREVIEW = { spaceId: 1000001, previewToken: "preview-secret" };

let dir: string;
let store: ContentStore;
let app: Hono;
/** The full slugs the routes named for a CDN purge. */
let purgedSlugs: string[];
let sessions: EditorSessions;
/** Which password is in force; a test changes it as an operator would. */
let fingerprint: string;
let time: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-editor-api-"));
  for (const folder of ["stories", "published", "components"]) cpSync(join("content", folder), join(dir, folder), { recursive: true });
  store = loadContentStore(dir);
  const components = new Map(readComponents(dir, 1000001).components.map((component) => [component.name, component]));
  fingerprint = "the-first-password";
  time = Date.UTC(2031, 0, 1);
  sessions = createEditorSessions({ store: createSqliteEditorSessions(openDatabase(":memory:")), passwordFingerprint: () => fingerprint, lifetimeSeconds: 8 * 60 * 60, now: () => time });
  const writer = createStoryWriter({
    dir,
    spaceId: 1000001,
    problemsOf: (content) => problemsBlockingSave(content, { components, languages: store.languages, spaceId: 1000001 }),
    afterWrite: () => {
      store = loadContentStore(dir);
    },
  });
  purgedSlugs = [];
  app = new Hono();
  app.route(
    "/_editor/api/session",
    editorSessionRoute({
      password: { matches: async (candidate) => candidate === PASSWORD, ready: Promise.resolve(), fingerprint: () => fingerprint },
      sessions,
      publicOrigin: ORIGIN,
      secureCookies: true,
      trustedProxies: 0,
      now: () => time,
    }),
  );
  app.route("/_editor/api/components", editorComponentsRoute({ components: () => [...components.values()], glossary: schemaGlossary, sessions }));
  app.route("/_editor/api/stories", editorStoriesRoute({
      store: () => store,
      writer,
      components: () => [...components.values()],
      sessions,
      publicOrigin: ORIGIN,
      locale: DEFAULT_LOCALE_SETTINGS,
      preview: PREVIEW,
      onPublished: (fullSlug) => purgedSlugs.push(fullSlug),
    }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A request from the socket address `from`, attached as srvx's Node adapter attaches it. */
const call = (method: string, path: string, options: { body?: unknown; cookie?: string; origin?: string; from?: string } = {}) => {
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: options.origin ?? ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  Object.defineProperty(request, "runtime", { value: { name: "node", node: { req: { socket: { remoteAddress: options.from ?? "203.0.113.7" } } } } });
  return app.fetch(request);
};

async function signIn(): Promise<string> {
  const response = await call("POST", "/_editor/api/session", { body: { password: PASSWORD } });
  expect(response.status).toBe(204);
  const cookie = response.headers.get("set-cookie")!;
  expect(cookie).toMatch(new RegExp(`^${EDITOR_SESSION_COOKIE}=[^;]+; Max-Age=28800; Path=/_editor; HttpOnly; Secure; SameSite=Strict`));
  return cookie.split(";")[0]!;
}

describe("the editor's session", () => {
  it("opens on the password only, and refuses a wrong one with the catalogue's message", async () => {
    const wrong = await call("POST", "/_editor/api/session", { body: { password: "admin" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: "wrong-password", message: "account.error.wrongPassword" } });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    await signIn();
  });

  it("counts every attempt against the address: the sixth in a minute is refused unchecked", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await call("POST", "/_editor/api/session", { body: { password: `guess-${attempt}` } })).status).toBe(401);
    const limited = await call("POST", "/_editor/api/session", { body: { password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a sign-in from another origin, and bad bodies with 4xx", async () => {
    expect((await call("POST", "/_editor/api/session", { body: { password: PASSWORD }, origin: "https://evil.example" })).status).toBe(403);
    expect((await call("POST", "/_editor/api/session", { body: { password: "" } })).status).toBe(422);
    expect((await call("POST", "/_editor/api/session", { body: "not json" })).status).toBe(422);
  });

  it("closes on sign-out, server side: a cookie copied before no longer reads stories (issue 48 item 5)", async () => {
    const cookie = await signIn();
    expect((await call("GET", "/_editor/api/stories", { cookie })).status).toBe(200);
    const out = await call("DELETE", "/_editor/api/session", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(new RegExp(`^${EDITOR_SESSION_COOKIE}=; Max-Age=0`));
    expect((await call("GET", "/_editor/api/stories", { cookie })).status).toBe(401);
  });

  it("ends every session opened under a password once another is in force", async () => {
    const cookie = await signIn();
    fingerprint = "the-next-password";
    expect((await call("GET", "/_editor/api/stories", { cookie })).status).toBe(401);
    expect((await call("GET", "/_editor/api/components", { cookie })).status).toBe(401);
  });

  it("ends after eight hours", async () => {
    const cookie = await signIn();
    time += 8 * 60 * 60 * 1000;
    expect((await call("GET", "/_editor/api/stories", { cookie })).status).toBe(401);
  });

  it("counts wrong passwords from every address together, then backs off: 40 guesses from 40 addresses meet it (issue 48 item 5)", async () => {
    const statuses = [];
    for (let guess = 1; guess <= 40; guess += 1) {
      statuses.push((await call("POST", "/_editor/api/session", { body: { password: `guess-${guess}` }, from: `198.51.100.${guess}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    // Past the free failures even the right password waits, unchecked, for the backoff to pass.
    const waiting = await call("POST", "/_editor/api/session", { body: { password: PASSWORD }, from: "203.0.113.99" });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("1");
    time += 1000;
    expect((await call("POST", "/_editor/api/session", { body: { password: "guess-41" }, from: "198.51.100.41" })).status).toBe(401);
    expect((await call("POST", "/_editor/api/session", { body: { password: PASSWORD }, from: "203.0.113.99" })).headers.get("retry-after")).toBe("2");
    time += 2000;
    expect((await call("POST", "/_editor/api/session", { body: { password: PASSWORD }, from: "203.0.113.99" })).status).toBe(204);
    // A sign-in forgets the failures before it.
    expect((await call("POST", "/_editor/api/session", { body: { password: "guess-42" }, from: "198.51.100.42" })).status).toBe(401);
  });
});

describe("the editor's components", () => {
  const eventIn = async (query: string, cookie: string) => {
    const response = await call("GET", `/_editor/api/components${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { components: ComponentDefinition[] }).components.find((component) => component.name === "event")!;
  };

  it("are for a signed-in editor only", async () => {
    expect((await call("GET", "/_editor/api/components")).status).toBe(401);
  });

  it("name components, fields, hints and options in the editor's language; the schema's own (English) without one", async () => {
    const cookie = await signIn();
    const asIs = await eventIn("", cookie);
    expect(asIs.display_name).toBe("Event");
    expect(await eventIn("?lang=en", cookie)).toEqual(asIs);
    const valencian = await eventIn("?lang=val", cookie);
    expect(valencian.display_name).toBe("Esdeveniment");
    expect(valencian.schema.doors_open).toMatchObject({ display_name: "Obertura de portes", type: asIs.schema.doors_open!.type });
    expect(valencian.schema.date_to!.description).toBe("Últim dia d'un esdeveniment de diversos dies");
    expect(valencian.schema.status!.options).toContainEqual({ name: "Entrades esgotades", value: "sold_out" });
    const spanish = await eventIn("?lang=es", cookie);
    expect(spanish.schema.title!.display_name).toBe("Título");
    // Song titles are names: the same in every language.
    expect(spanish.schema.artist_hits!.options).toEqual(asIs.schema.artist_hits!.options);
  });

  it("refuse a language the site does not speak with 400", async () => {
    const cookie = await signIn();
    const response = await call("GET", "/_editor/api/components?lang=fr", { cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "invalid-request", message: "feedback.error.generic", issues: [expect.objectContaining({ path: "lang" })] } });
  });
});

describe("the editor's stories", () => {
  it("are for a signed-in editor only, never cached or indexed", async () => {
    const anonymous = await call("GET", "/_editor/api/stories");
    expect(anonymous.status).toBe(401);
    const forged = await call("GET", "/_editor/api/stories", { cookie: `${EDITOR_SESSION_COOKIE}=forged.value` });
    expect(forged.status).toBe(401);
    const listed = await call("GET", "/_editor/api/stories", { cookie: await signIn() });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(listed.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const { stories } = (await listed.json()) as { stories: { uuid: string; isFolder: boolean; component: string | null }[] };
    expect(stories.find((story) => story.uuid === LEGAL)).toMatchObject({ isFolder: false, component: "page" });
    expect(stories.some((story) => story.isFolder)).toBe(true);
  });

  it("open with the draft, its version and signed preview links in each language", async () => {
    const cookie = await signIn();
    const opened = (await (await call("GET", `/_editor/api/stories/${LEGAL}`, { cookie })).json()) as { content: { title: string }; version: string; previews: Record<string, string> };
    expect(opened.content.title).toBe("Aviso legal");
    expect(opened.version).toBe(store.byUuid(LEGAL)!.updated_at);
    expect(Object.keys(opened.previews)).toEqual(["es", "en", "val"]);
    const preview = new URL(opened.previews.val!, ORIGIN);
    expect(preview.pathname).toBe("/val/legal-notice/");
    const request = { spaceId: preview.searchParams.get("_storyblok_tk[space_id]")!, token: preview.searchParams.get("_storyblok_tk[token]")!, timestamp: preview.searchParams.get("_storyblok_tk[timestamp]")! };
    expect(await isGenuinePreview(request, PREVIEW, Date.now())).toBe(true);
    expect(JSON.stringify(opened)).not.toContain(PREVIEW.previewToken);

    // The global config story (menus, contact details) is previewed on the home, which shows it.
    const config = (await (await call("GET", `/_editor/api/stories/89d3066b-6f58-400f-8e03-bbb435ee5a69`, { cookie })).json()) as { previews: Record<string, string> };
    expect(new URL(config.previews.en!, ORIGIN).pathname).toBe("/en/");
  });

  it("saves a story with a block this site does not know, as Storyblok's editor keeps a block whose component is missing (issue 55)", async () => {
    const cookie = await signIn();
    const opened = (await (await call("GET", `/_editor/api/stories/${LEGAL}`, { cookie })).json()) as { content: { body?: unknown[] }; version: string };
    const body = [...(opened.content.body ?? []), { component: "marquee", _uid: "m" }];
    const saved = await call("PUT", `/_editor/api/stories/${LEGAL}/draft`, { cookie, body: { content: { ...opened.content, body }, version: opened.version } });
    expect(saved.status).toBe(200);
    expect((store.contentOf(store.byUuid(LEGAL)!, "draft") as { body: unknown[] }).body.at(-1)).toEqual({ component: "marquee", _uid: "m" });
  });

  it("save a draft, refuse a stale one and one the site could not read, and publish", async () => {
    const cookie = await signIn();
    const opened = (await (await call("GET", `/_editor/api/stories/${LEGAL}`, { cookie })).json()) as { content: Record<string, unknown>; version: string };
    const saved = await call("PUT", `/_editor/api/stories/${LEGAL}/draft`, { cookie, body: { content: { ...opened.content, title__i18n__val: "Avís legal nou" }, version: opened.version } });
    expect(saved.status).toBe(200);
    const { version } = (await saved.json()) as { version: string };

    const stale = await call("PUT", `/_editor/api/stories/${LEGAL}/draft`, { cookie, body: { content: opened.content, version: opened.version } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: { code: "stale-version", message: "editor.error.stale" } });

    const broken = await call("PUT", `/_editor/api/stories/${LEGAL}/draft`, { cookie, body: { content: { ...opened.content, body: [{ component: "link_component", _uid: "m", style: "blink" }] }, version } });
    expect(broken.status).toBe(422);
    expect(JSON.stringify(await broken.json())).toContain("style");

    const reopened = async () => (await (await call("GET", `/_editor/api/stories/${LEGAL}`, { cookie })).json()) as { canUndoPublish: boolean; version: string };
    expect((await reopened()).canUndoPublish).toBe(false);
    expect((await call("POST", `/_editor/api/stories/${LEGAL}/publish`, { cookie, body: { version } })).status).toBe(200);
    const shown = store.contentOf(store.byUuid(LEGAL)!, "published") as { title__i18n__val: string; title: string };
    expect([shown.title, shown.title__i18n__val]).toEqual(["Aviso legal", "Avís legal nou"]);

    // One step back: the version the publish replaced is published again.
    const published = await reopened();
    expect(published.canUndoPublish).toBe(true);
    expect((await call("POST", `/_editor/api/stories/${LEGAL}/undo`, { cookie, body: { version: published.version } })).status).toBe(200);
    expect((store.contentOf(store.byUuid(LEGAL)!, "published") as { title__i18n__val?: string }).title__i18n__val).not.toBe("Avís legal nou");
    expect((await reopened()).canUndoPublish).toBe(false);
    // What visitors see changed twice (publish, undo): twice the story's pages are purged from a CDN; the draft saves purge nothing.
    expect(purgedSlugs).toEqual([store.byUuid(LEGAL)!.full_slug, store.byUuid(LEGAL)!.full_slug]);
  });

  it("create a story in a folder with its content type's first content, and refuse a taken slug or a bad one", async () => {
    const cookie = await signIn();
    const create = (body: object) => call("POST", "/_editor/api/stories", { cookie, body });
    const created = await create({ name: "Concierto de Año Nuevo", slug: "concierto-ano-nuevo", parentId: store.byUuid(LEGAL)!.parent_id, component: "page" });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    expect(store.byUuid(uuid)).toMatchObject({ full_slug: "pages/concierto-ano-nuevo", published: false });
    expect(store.contentOf(store.byUuid(uuid)!, "draft")).toMatchObject({ component: "page", title: "Concierto de Año Nuevo" });

    const events = store.entries.find((entry) => entry.full_slug === "events" && entry.is_folder)!;
    const event = await create({ name: "Gala", slug: "gala", parentId: events.id, component: "event" });
    expect(event.status).toBe(201);
    const { date_from } = store.contentOf(store.byUuid(((await event.json()) as { uuid: string }).uuid)!, "draft") as { date_from: string };
    expect(Date.parse(date_from)).toBeGreaterThan(Date.now());

    expect((await create({ name: "Otra", slug: "concierto-ano-nuevo", parentId: store.byUuid(LEGAL)!.parent_id, component: "page" })).status).toBe(409);
    const bad = await create({ name: " ", slug: "Con Espacios", parentId: null, component: "page" });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("validation.slug.invalid");
    expect((await create({ name: "X", slug: "x", parentId: null, component: "card" })).status).toBe(422);
  });

  it("refuse writes from another origin", async () => {
    const cookie = await signIn();
    const response = await call("POST", `/_editor/api/stories/${LEGAL}/publish`, { cookie, body: { version: "x" }, origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
