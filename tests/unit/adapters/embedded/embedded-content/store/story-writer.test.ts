import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadContentStore, type ContentStore } from "../../../../../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryWriter, removeLeftoverSnapshots, WRITES_LOCK_FILE, type StoryWriter } from "../../../../../../adapters/embedded/embedded-content/store/story-writer";

const SPACE = 1000001;
const LEGAL = "9a70e45a-726c-4b57-885c-d507ef458069"; // published, no unpublished changes
const FILE = `legal-notice_${LEGAL}.json`;

let dir: string;
let store: ContentStore;
let writer: StoryWriter;
let writes: number;

const titleOf = (version: "draft" | "published") => (store.contentOf(store.byUuid(LEGAL)!, version) as { title?: string } | undefined)?.title;
const versionOf = () => store.byUuid(LEGAL)!.updated_at!;
const withTitle = (title: string) => ({ ...(store.contentOf(store.byUuid(LEGAL)!, "draft") as Record<string, unknown>), title });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-writer-"));
  for (const folder of ["stories", "published", "components"]) cpSync(join("content", folder), join(dir, folder), { recursive: true });
  store = loadContentStore(dir);
  writes = 0;
  writer = createStoryWriter({
    dir,
    spaceId: SPACE,
    problemsOf: (content) => (typeof content.title === "string" && content.component === "page" ? [] : ["title: a page needs a title"]),
    afterWrite: () => {
      writes += 1;
      store = loadContentStore(dir);
    },
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("story writer", () => {
  it("saves a draft that the published site does not show, in a newer content version, in the CLI layout", async () => {
    const before = store.contentVersion;
    const saved = await writer.saveDraft(LEGAL, withTitle("Aviso legal (borrador)"), versionOf());
    expect(saved).toMatchObject({ outcome: "written" });
    expect(titleOf("draft")).toBe("Aviso legal (borrador)");
    expect(titleOf("published")).toBe("Aviso legal");
    expect(store.contentVersion).not.toBe(before);
    expect(existsSync(join(dir, "published", String(SPACE), FILE))).toBe(true);
    expect(store.problems).toEqual([]);
    expect(writes).toBe(1);
  });

  it("publishes the draft, keeping the version it replaced for undo, and undoes it", async () => {
    await writer.saveDraft(LEGAL, withTitle("Aviso legal 2027"), versionOf());
    const cvAfterDraft = store.contentVersion;
    expect(await writer.publish(LEGAL, versionOf())).toMatchObject({ outcome: "written" });
    expect(titleOf("published")).toBe("Aviso legal 2027");
    expect(store.contentVersion).not.toBe(cvAfterDraft);
    expect(existsSync(join(dir, "published", String(SPACE), FILE))).toBe(false);
    expect(store.problems).toEqual([]);

    expect(await writer.undoPublish(LEGAL, versionOf())).toMatchObject({ outcome: "written" });
    expect(titleOf("published")).toBe("Aviso legal");
    expect(titleOf("draft")).toBe("Aviso legal 2027");
    expect(store.problems).toEqual([]);
    expect(await writer.undoPublish(LEGAL, versionOf())).toMatchObject({ outcome: "unchanged" });
  });

  it("discards a draft: the story is its published version again", async () => {
    await writer.saveDraft(LEGAL, withTitle("Throwaway"), versionOf());
    expect(await writer.discardDraft(LEGAL, versionOf())).toMatchObject({ outcome: "written" });
    expect(titleOf("draft")).toBe("Aviso legal");
    expect(store.byUuid(LEGAL)!.unpublished_changes).toBe(false);
    expect(existsSync(join(dir, "published", String(SPACE), FILE))).toBe(false);
    expect(await writer.discardDraft(LEGAL, versionOf())).toMatchObject({ outcome: "unchanged" });
  });

  it("refuses a write based on an older version, so that a second editor never overwrites the first", async () => {
    const base = versionOf();
    const [first, second] = await Promise.all([writer.saveDraft(LEGAL, withTitle("Editor A"), base), writer.saveDraft(LEGAL, withTitle("Editor B"), base)]);
    expect(first).toMatchObject({ outcome: "written" });
    expect(second).toEqual({ outcome: "stale", version: (first as { version: string }).version });
    expect(titleOf("draft")).toBe("Editor A");
    expect(await writer.publish(LEGAL, base)).toMatchObject({ outcome: "stale" });
    expect(writes).toBe(1);
  });

  it("orders two servers' writes on one shared folder: the later one, based on the same version, is refused", async () => {
    // A second server process (another machine on the same CONTENT_DIR): its own queue, the same folder.
    const otherServer = createStoryWriter({ dir, spaceId: SPACE, problemsOf: () => [], afterWrite: () => (store = loadContentStore(dir)) });
    const base = versionOf();
    const outcomes = await Promise.all([writer.saveDraft(LEGAL, withTitle("Editor A"), base), otherServer.saveDraft(LEGAL, withTitle("Editor B"), base)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["stale", "written"]);
    const written = outcomes.find((outcome) => outcome.outcome === "written") as { version: string };
    expect(outcomes.find((outcome) => outcome.outcome === "stale")).toEqual({ outcome: "stale", version: written.version });
    expect(titleOf("draft")).toBe(outcomes[0]!.outcome === "written" ? "Editor A" : "Editor B");
    expect(existsSync(join(dir, WRITES_LOCK_FILE))).toBe(false);
  });

  it("gives each write of a story a newer version than the last, though the clock that wrote the last was ahead", async () => {
    const ahead = createStoryWriter({ dir, spaceId: SPACE, problemsOf: () => [], afterWrite: () => (store = loadContentStore(dir)), now: () => Date.parse("2099-01-01T00:00:00.000Z") });
    await ahead.saveDraft(LEGAL, withTitle("Desde el futuro"), versionOf());
    const aheadVersion = versionOf();
    const saved = await writer.saveDraft(LEGAL, withTitle("Desde hoy"), aheadVersion);
    expect(saved).toMatchObject({ outcome: "written" });
    expect(Date.parse(versionOf())).toBeGreaterThan(Date.parse(aheadVersion));
  });

  it("breaks the lock a server left when it died writing", async () => {
    const lock = join(dir, WRITES_LOCK_FILE);
    writeFileSync(lock, "a dead server's token");
    const longAgo = new Date(Date.parse("2020-01-01T00:00:00.000Z"));
    utimesSync(lock, longAgo, longAgo);
    expect(await writer.saveDraft(LEGAL, withTitle("Tras el corte"), versionOf())).toMatchObject({ outcome: "written" });
    expect(titleOf("draft")).toBe("Tras el corte");
    expect(existsSync(lock)).toBe(false);
  });

  it("writes nothing the site could not read", async () => {
    const before = versionOf();
    expect(await writer.saveDraft(LEGAL, { component: "page" }, before)).toEqual({ outcome: "invalid", problems: ["title: a page needs a title"] });
    expect(versionOf()).toBe(before);
    expect(writes).toBe(0);
  });

  it("knows no story it does not have", async () => {
    expect(await writer.publish("00000000-0000-0000-0000-000000000000", "")).toEqual({ outcome: "not-found" });
  });

  it("removes, at start, a snapshot a crash left beside a story without unpublished changes, and keeps every real one", async () => {
    const published = join(dir, "published", String(SPACE));
    mkdirSync(published, { recursive: true });
    const real = readdirSync(published).filter((name) => name.endsWith(".json"));
    // A publish killed between writing the story and dropping its snapshot.
    copyFileSync(join(dir, "stories", String(SPACE), FILE), join(published, FILE));
    expect(loadContentStore(dir).problems.join("\n")).toContain("is left over");
    expect(await removeLeftoverSnapshots(dir, SPACE)).toEqual([FILE]);
    expect(loadContentStore(dir).problems).toEqual([]);
    expect(readdirSync(published).filter((name) => name.endsWith(".json"))).toEqual(real);
    expect(await removeLeftoverSnapshots(dir, SPACE)).toEqual([]);
    expect(existsSync(join(dir, WRITES_LOCK_FILE))).toBe(false);
  });

  it("creates an unpublished story in a folder, with the next id, and refuses a taken slug or a folder that is none", async () => {
    const content = { _uid: "n1", component: "page", title: "Visita guiada" };
    const created = await writer.createStory({ name: "Visita guiada", slug: "visita-guiada", parentId: 618000001, content });
    expect(created).toMatchObject({ outcome: "created" });
    const uuid = (created as { uuid: string }).uuid;
    const story = store.byUuid(uuid)!;
    expect(story).toMatchObject({ full_slug: "pages/visita-guiada", name: "Visita guiada", published: false, parent_id: 618000001 });
    expect(story.id).toBe(Math.max(...store.entries.filter((entry) => entry.uuid !== uuid).map((entry) => entry.id)) + 1);
    expect(existsSync(join(dir, "stories", String(SPACE), `visita-guiada_${uuid}.json`))).toBe(true);
    expect(store.contentOf(story, "published")).toBeUndefined();
    expect(store.problems).toEqual([]);

    expect(await writer.createStory({ name: "Otra", slug: "visita-guiada", parentId: 618000001, content })).toEqual({ outcome: "exists" });
    expect(await writer.createStory({ name: "Otra", slug: "otra", parentId: store.byUuid(LEGAL)!.id, content })).toEqual({ outcome: "not-found" });
    expect(await writer.createStory({ name: "Otra", slug: "otra", parentId: null, content: { ...content, title: 7 } })).toMatchObject({ outcome: "invalid" });
  });
});
