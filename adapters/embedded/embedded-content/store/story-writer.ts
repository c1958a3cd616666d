import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory, writeFileDurably } from "../../durable-file";
import { PUBLISHED_FOLDER } from "./content-store.adapter";
import { withFolderLock } from "./folder-lock";

/** Where the published version a publish replaced is kept, for one step of undo. */
export const PREVIOUS_FOLDER = "previous";

/** The lock every server writing to the content folder takes (a dot file: no reader sees it). */
export const WRITES_LOCK_FILE = ".story-writes.lock";

/** A story file as the CLI writes it; fields the writer does not know are kept as they are. */
type StoryJson = Record<string, unknown> & {
  uuid: string | number;
  content?: Record<string, unknown> | null;
  published?: boolean;
  unpublished_changes?: boolean;
  updated_at?: string | null;
  published_at?: string | null;
  first_published_at?: string | null;
};

export type StoryWriteOutcome =
  /** Written; `version` is the story's new version (its `updated_at`), the base of the next write. */
  | { readonly outcome: "written"; readonly version: string }
  /** The story changed since the version the write was based on: nothing was written. */
  | { readonly outcome: "stale"; readonly version: string }
  | { readonly outcome: "not-found" }
  /** Nothing to do: no draft to discard, no previous version to go back to. */
  | { readonly outcome: "unchanged"; readonly version: string }
  /** The content would not decode as the site reads it: nothing was written. */
  | { readonly outcome: "invalid"; readonly problems: readonly string[] };

export type StoryCreateOutcome =
  | { readonly outcome: "created"; readonly uuid: string; readonly version: string }
  /** The folder has a story with that slug already. */
  | { readonly outcome: "exists" }
  /** The folder is not one. */
  | { readonly outcome: "not-found" }
  | { readonly outcome: "invalid"; readonly problems: readonly string[] };

export interface NewStoryFile {
  readonly name: string;
  readonly slug: string;
  /** The folder's id; null for the top level. */
  readonly parentId: number | null;
  readonly content: Record<string, unknown>;
}

export interface StoryWriter {
  /** Saves a new draft; a published story keeps showing its published version until it is published. */
  saveDraft(uuid: string, content: Record<string, unknown>, baseVersion: string): Promise<StoryWriteOutcome>;
  /** Publishes the draft; the version it replaces is kept for undoPublish. */
  publish(uuid: string, baseVersion: string): Promise<StoryWriteOutcome>;
  /** Drops the draft: the story goes back to its published version. */
  discardDraft(uuid: string, baseVersion: string): Promise<StoryWriteOutcome>;
  /** Publishes again the version the last publish replaced; the current content stays as the draft. */
  undoPublish(uuid: string, baseVersion: string): Promise<StoryWriteOutcome>;
  /** Whether the story has a version for undoPublish to go back to. */
  canUndoPublish(uuid: string): Promise<boolean>;
  /** Creates an unpublished story in a folder, as Storyblok's editor does: a draft until published. */
  createStory(story: NewStoryFile): Promise<StoryCreateOutcome>;
}

export interface StoryWriterOptions {
  readonly dir: string;
  readonly spaceId: number;
  /** Why the content would not decode as the site reads it, if it would not. */
  readonly problemsOf: (content: Record<string, unknown>) => readonly string[];
  /** Called after every write, once the files are durable (the store reloads). */
  readonly afterWrite: () => void;
  readonly now?: () => number;
}

/**
 * Writes stories in the Storyblok CLI layout the embedded store reads: the story file in
 * `stories/<space>/` holds the latest version, `published/<space>/` the published version of a
 * story with unpublished changes, `previous/<space>/` the version the last publish replaced. Each
 * file is replaced whole (see writeFileDurably), the published snapshot before the story file, so
 * a crash between the two leaves a story whose visitors still see its published version. Writes
 * run one at a time, each checking the version it was based on (optimistic concurrency) on the
 * story as it is on disk: one at a time in this process (a queue), and across every process on
 * the same folder, on this machine or another (a lock file in the folder, WRITES_LOCK_FILE).
 */
export function createStoryWriter(options: StoryWriterOptions): StoryWriter {
  const now = options.now ?? Date.now;
  const folders = {
    stories: join(options.dir, "stories", String(options.spaceId)),
    published: join(options.dir, PUBLISHED_FOLDER, String(options.spaceId)),
    previous: join(options.dir, PREVIOUS_FOLDER, String(options.spaceId)),
  };
  let queue: Promise<unknown> = Promise.resolve();
  const lock = join(options.dir, WRITES_LOCK_FILE);

  /** Runs a write after this process's others, holding the folder's lock. */
  function inTurn<T>(run: () => Promise<T>): Promise<T> {
    const locked = () => withFolderLock(lock, run);
    const result = queue.then(locked, locked);
    queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A time after the story's own version, so that every write gives it a new one, though another
   * machine's clock (which wrote the last one) may be ahead of this one's.
   */
  const stamp = (story?: StoryJson) => {
    const previous = story?.updated_at ? Date.parse(story.updated_at) : Number.NaN;
    return new Date(Number.isFinite(previous) ? Math.max(now(), previous + 1) : now()).toISOString();
  };

  async function fileNameOf(uuid: string): Promise<string | undefined> {
    const suffix = `_${uuid}.json`;
    return (await readdir(folders.stories)).find((name) => name.endsWith(suffix) && !name.startsWith("."));
  }

  async function readJson(path: string): Promise<StoryJson | undefined> {
    try {
      return JSON.parse(await readFile(path, "utf8")) as StoryJson;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async function write(folder: string, name: string, story: StoryJson): Promise<void> {
    await mkdir(folder, { recursive: true });
    await writeFileDurably(join(folder, name), new TextEncoder().encode(`${JSON.stringify(story, null, 2)}\n`), 0o644);
    await syncDirectory(folder);
  }

  async function remove(folder: string, name: string): Promise<void> {
    await unlink(join(folder, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  /** Runs one write after the others, on the story as it is on disk now. */
  function change(uuid: string, baseVersion: string, apply: (story: StoryJson, name: string) => Promise<StoryWriteOutcome>): Promise<StoryWriteOutcome> {
    const run = async (): Promise<StoryWriteOutcome> => {
      const name = await fileNameOf(uuid);
      const story = name && (await readJson(join(folders.stories, name)));
      if (!name || !story) return { outcome: "not-found" };
      const version = story.updated_at ?? "";
      if (version !== baseVersion) return { outcome: "stale", version };
      const outcome = await apply(story, name);
      if (outcome.outcome === "written") options.afterWrite();
      return outcome;
    };
    return inTurn(run);
  }

  return {
    saveDraft: (uuid, content, baseVersion) =>
      change(uuid, baseVersion, async (story, name) => {
        const problems = options.problemsOf(content);
        if (problems.length > 0) return { outcome: "invalid", problems };
        // The published version moves aside first: visitors keep seeing it.
        if (story.published && !story.unpublished_changes) await write(folders.published, name, story);
        const version = stamp(story);
        await write(folders.stories, name, { ...story, content, updated_at: version, ...(story.published ? { unpublished_changes: true } : {}) });
        return { outcome: "written", version };
      }),

    publish: (uuid, baseVersion) =>
      change(uuid, baseVersion, async (story, name) => {
        const replaced = story.published ? (story.unpublished_changes ? await readJson(join(folders.published, name)) : story) : undefined;
        if (replaced) await write(folders.previous, name, replaced);
        const version = stamp(story);
        await write(folders.stories, name, {
          ...story,
          published: true,
          unpublished_changes: false,
          updated_at: version,
          published_at: version,
          first_published_at: story.first_published_at ?? version,
        });
        await remove(folders.published, name);
        return { outcome: "written", version };
      }),

    discardDraft: (uuid, baseVersion) =>
      change(uuid, baseVersion, async (story, name) => {
        const published = story.unpublished_changes ? await readJson(join(folders.published, name)) : undefined;
        if (!published) return { outcome: "unchanged", version: story.updated_at ?? "" };
        const version = stamp(story);
        await write(folders.stories, name, { ...story, content: published.content, unpublished_changes: false, updated_at: version });
        await remove(folders.published, name);
        return { outcome: "written", version };
      }),

    createStory: (story) => {
      const run = async (): Promise<StoryCreateOutcome> => {
        const problems = options.problemsOf(story.content);
        if (problems.length > 0) return { outcome: "invalid", problems };
        const names = (await readdir(folders.stories)).filter((name) => name.endsWith(".json") && !name.startsWith("."));
        const existing = (await Promise.all(names.map((name) => readJson(join(folders.stories, name))))).filter((found): found is StoryJson => found !== undefined);
        const parent = story.parentId === null ? undefined : existing.find((found) => found.id === story.parentId);
        if (story.parentId !== null && (!parent || parent.is_folder !== true)) return { outcome: "not-found" };
        const fullSlug = parent ? `${String(parent.full_slug)}/${story.slug}` : story.slug;
        if (existing.some((found) => found.full_slug === fullSlug)) return { outcome: "exists" };
        const id = Math.max(0, ...existing.map((found) => (typeof found.id === "number" ? found.id : 0))) + 1;
        const uuid = randomUUID();
        const version = stamp();
        await write(folders.stories, `${story.slug}_${uuid}.json`, {
          id,
          uuid,
          name: story.name,
          slug: story.slug,
          full_slug: fullSlug,
          parent_id: story.parentId,
          is_folder: false,
          is_startpage: false,
          position: 0,
          published: false,
          unpublished_changes: false,
          published_at: null,
          first_published_at: null,
          created_at: version,
          updated_at: version,
          sort_by_date: null,
          tag_list: [],
          translated_slugs: [],
          content: story.content,
        });
        options.afterWrite();
        return { outcome: "created", uuid, version };
      };
      return inTurn(run);
    },

    canUndoPublish: async (uuid) => {
      const name = await fileNameOf(uuid);
      return name !== undefined && (await readJson(join(folders.previous, name))) !== undefined;
    },

    undoPublish: (uuid, baseVersion) =>
      change(uuid, baseVersion, async (story, name) => {
        const previous = await readJson(join(folders.previous, name));
        if (!previous) return { outcome: "unchanged", version: story.updated_at ?? "" };
        const version = stamp(story);
        // The previous version is published again; what was published (or drafted since) stays as the draft.
        await write(folders.published, name, { ...previous, published: true, unpublished_changes: false, published_at: version });
        await write(folders.stories, name, { ...story, published: true, unpublished_changes: true, updated_at: version, published_at: version });
        await remove(folders.previous, name);
        return { outcome: "written", version };
      }),
  };
}

/**
 * After a crash between a story's two files (a publish or a discard writes the story, then drops
 * its published snapshot; a draft writes the snapshot, then the story), a snapshot may be left
 * beside a story that has no unpublished changes: inert (the story file is the published
 * version), but not what the CLI layout holds. Run at start: removes such snapshots and returns
 * their names, holding the folder's lock, so that a draft another server is saving meanwhile (its
 * snapshot written, its story not yet) keeps its snapshot.
 */
export function removeLeftoverSnapshots(dir: string, spaceId: number): Promise<string[]> {
  return withFolderLock(join(dir, WRITES_LOCK_FILE), async () => {
    const stories = join(dir, "stories", String(spaceId));
    const published = join(dir, PUBLISHED_FOLDER, String(spaceId));
    let names: string[];
    try {
      names = (await readdir(published)).filter((name) => name.endsWith(".json") && !name.startsWith("."));
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      let story: StoryJson | undefined;
      try {
        story = JSON.parse(await readFile(join(stories, name), "utf8")) as StoryJson;
      } catch {
        // No story of that name (or unreadable): content:check says so; nothing here to decide.
        continue;
      }
      if (story.published && story.unpublished_changes) continue;
      await unlink(join(published, name));
      removed.push(name);
    }
    return removed;
  });
}
