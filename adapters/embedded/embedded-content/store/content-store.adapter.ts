import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema, SchemaIssue } from "effect";
import { DEFAULT_LANGUAGE, type ContentVersion } from "../../../../core";
import { readDatasources, type DatasourceFile } from "./datasources.ops";
import { StoryFileJson, type StoryFile } from "./story-file.schema";
export type StoryContent = Readonly<Record<string, unknown>>;

/** The space's languages besides the default one (SPEC §9: es is the default; en and val). */
export const CONTENT_LANGUAGES = ["en", "val"] as const;

/** Where a story's published version is kept while it has unpublished changes (see README, Content). */
export const PUBLISHED_FOLDER = "published";

/**
 * The embedded site's stories, read once into memory and never changed afterwards (a new
 * content version means a new store). Folders are stories too, as in Storyblok.
 */
export interface ContentStore {
  /**
   * The content version: a digest of every story file and published snapshot read, so that any
   * change to any of them is a new version, and every process reading the same folder has the
   * same one. Like Storyblok's cv it is only ever compared for equality.
   */
  readonly contentVersion: number;
  /** The space whose folder was read (`stories/<space>/`), when read from disk. */
  readonly spaceId: number | undefined;
  /** Languages besides the default one. */
  readonly languages: readonly string[];
  /** Every story and folder, by id. */
  readonly entries: readonly StoryFile[];
  /** The space's datasources (`datasources/<space>/`), with their entries. */
  readonly datasources: readonly DatasourceFile[];
  /**
   * What was left out or cannot be served as Storyblok would, one sentence each naming the file:
   * the store serves everything else (`npm run content:check` fails on any).
   */
  readonly problems: readonly string[];
  byId(id: number): StoryFile | undefined;
  byUuid(uuid: string): StoryFile | undefined;
  /** A story (not a folder) by its default full slug; a folder's start page also answers to the folder's slug. */
  byFullSlug(fullSlug: string): StoryFile | undefined;
  /** A story by its path in a language: its translated path, or its default full slug. */
  byPath(language: string, path: string): StoryFile | undefined;
  /** The story's path in a language: the translated slugs of its folders and itself, the default slug where there is none. */
  pathIn(story: StoryFile, language: string): string;
  /** The content a version shows, or undefined when the story does not exist in that version. */
  contentOf(story: StoryFile, version: ContentVersion): StoryContent | undefined;
}

export interface ContentStoreOptions {
  readonly languages?: readonly string[];
  /** The space folder to read; without it, the only one there is. */
  readonly spaceId?: number;
}

export class ContentStoreError extends Error {
  override readonly name = "ContentStoreError";
}

/** A JSON file of a content folder, tagged with its path for messages. */
export interface ContentFile {
  readonly file?: string;
  readonly json: unknown;
}

/** The files of a content folder in the Storyblok CLI v4 layout. */
export interface ContentFiles {
  readonly spaceId: number;
  /** `stories/<space>/*.json`, as `storyblok stories pull` writes them. */
  readonly stories: readonly ContentFile[];
  /** `published/<space>/*.json`: published versions of stories with unpublished changes. */
  readonly published: readonly ContentFile[];
  /** Files that could not be read. */
  readonly problems: readonly string[];
}

/** Reads a content folder (the Storyblok CLI v4's layout) into a store; see readContentFiles. */
export function loadContentStore(dir: string, options: ContentStoreOptions = {}): ContentStore {
  const files = readContentFiles(dir, options);
  const datasources = readDatasources(dir, files.spaceId);
  return createContentStore(files.stories, {
    ...options,
    spaceId: files.spaceId,
    published: files.published,
    datasources: datasources.datasources,
    problems: [...files.problems, ...datasources.problems],
  });
}

/**
 * The story files of a content folder: `stories/<space>/` (the configured space's folder, else
 * the only one there is) and its published snapshots. Throws only when there is no such folder;
 * a file that is not JSON is a problem, and the rest is read.
 */
export function readContentFiles(dir: string, options: { readonly spaceId?: number } = {}): ContentFiles {
  const storiesDir = join(dir, "stories");
  const spaceId = spaceFolder(storiesDir, options.spaceId);
  const problems: string[] = [];
  const read = (folder: string, required: boolean): ContentFile[] => {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
    } catch (cause) {
      if (!required && (cause as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new ContentStoreError(`cannot read the content store at ${folder}: ${(cause as Error).message}`);
    }
    return names.flatMap((name) => {
      const file = join(folder, name);
      try {
        return [{ file, json: JSON.parse(readFileSync(file, "utf8")) as unknown }];
      } catch (cause) {
        problems.push(`${file} is not valid JSON: ${(cause as Error).message}`);
        return [];
      }
    });
  };
  const stories = read(join(storiesDir, String(spaceId)), true);
  const published = read(join(dir, PUBLISHED_FOLDER, String(spaceId)), false);
  return { spaceId, stories, published, problems };
}

/** The story files of a content folder's space (see readContentFiles). */
export function readStoryFiles(dir: string, options: { readonly spaceId?: number } = {}): readonly ContentFile[] {
  return readContentFiles(dir, options).stories;
}

function spaceFolder(storiesDir: string, wanted: number | undefined): number {
  let spaces: number[];
  try {
    spaces = readdirSync(storiesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^\d+$/.test(entry.name))
      .map((entry) => Number(entry.name));
  } catch (cause) {
    throw new ContentStoreError(`cannot read the content store at ${storiesDir}: ${(cause as Error).message}`);
  }
  if (wanted !== undefined && spaces.includes(wanted)) return wanted;
  const [only, ...others] = spaces;
  if (only !== undefined && others.length === 0) return only;
  const flat = readdirSync(storiesDir).some((name) => name.endsWith(".json"));
  throw new ContentStoreError(
    flat
      ? `${storiesDir} holds story files directly: the Storyblok CLI v4 keeps them in stories/<space id>/ (run scripts/migrate-content-layout.mjs once)`
      : `${storiesDir} has ${spaces.length ? `the space folders ${spaces.join(", ")} and none is ${wanted}` : "no space folder (stories/<space id>/)"}`,
  );
}

export function createContentStore(
  files: readonly ContentFile[],
  options: ContentStoreOptions & {
    readonly published?: readonly ContentFile[];
    readonly datasources?: readonly DatasourceFile[];
    readonly problems?: readonly string[];
  } = {},
): ContentStore {
  const languages = options.languages ?? CONTENT_LANGUAGES;
  const problems: string[] = [...(options.problems ?? [])];
  const decoded = files.flatMap(({ file, json }, index) => {
    const name = file ?? `story #${index}`;
    const story = decodeStory(json, name, problems);
    return story ? [{ story, name }] : [];
  });

  const byId = new Map<number, StoryFile>();
  const byUuid = new Map<string, StoryFile>();
  const fileOf = new Map<StoryFile, string>();
  const slugs = new Map<string, StoryFile>();
  // Storyblok keeps ids, uuids and full slugs unique in a space; a second one is left out.
  for (const { story, name } of [...decoded].sort((a, b) => a.story.id - b.story.id)) {
    const clash = byId.get(story.id) ?? byUuid.get(story.uuid) ?? slugs.get(story.full_slug);
    if (clash) {
      const what = byId.has(story.id) ? `id ${story.id}` : byUuid.has(story.uuid) ? `uuid ${story.uuid}` : `full slug "${story.full_slug}"`;
      problems.push(`${name} has the ${what} of ${fileOf.get(clash)}: only the first is served`);
      continue;
    }
    byId.set(story.id, story);
    byUuid.set(story.uuid, story);
    slugs.set(story.full_slug, story);
    fileOf.set(story, name);
  }
  const entries = [...byId.values()];

  const publishedContent = new Map<string, StoryContent>();
  for (const [index, { file, json }] of (options.published ?? []).entries()) {
    const name = file ?? `published story #${index}`;
    const snapshot = decodeStory(json, name, problems);
    if (!snapshot) continue;
    const story = byUuid.get(snapshot.uuid);
    if (!story) problems.push(`${name} is the published version of a story that is not in stories/ (uuid ${snapshot.uuid})`);
    else if (!story.published || !story.unpublished_changes) problems.push(`${name} is left over: ${fileOf.get(story)} has no unpublished changes, so it is the published version itself`);
    else publishedContent.set(story.uuid, snapshot.content ?? {});
  }
  for (const story of entries) {
    if (story.published && story.unpublished_changes && !story.is_folder && !publishedContent.has(story.uuid)) {
      problems.push(
        `${fileOf.get(story)} is published with unpublished changes, but there is no ${PUBLISHED_FOLDER}/ snapshot of its published version: visitors cannot see it until one is there or the draft is published`,
      );
    }
  }

  const paths = new Map<string, string>();
  const pathIn = (story: StoryFile, language: string): string => {
    if (language === DEFAULT_LANGUAGE) return story.full_slug;
    const key = `${language}:${story.id}`;
    let path = paths.get(key);
    if (path === undefined) {
      path = translatedPath(story, language, byId, new Set());
      paths.set(key, path);
    }
    return path;
  };

  const bySlug = new Map<string, StoryFile>();
  const byPathIndex = new Map<string, StoryFile>();
  for (const story of entries) {
    if (story.is_folder) continue;
    indexSlug(bySlug, story.full_slug, story);
    for (const language of languages) {
      indexSlug(byPathIndex, `${language}:${pathIn(story, language)}`, story);
      indexSlug(byPathIndex, `${language}:${story.full_slug}`, story);
    }
  }

  const contentOf = (story: StoryFile, version: ContentVersion): StoryContent | undefined => {
    if (story.is_folder) return undefined;
    if (version === "draft") return story.content ?? {};
    if (!story.published) return undefined;
    // The pulled file is the latest version: while it has unpublished changes, visitors see the snapshot.
    return story.unpublished_changes ? publishedContent.get(story.uuid) : (story.content ?? {});
  };

  return {
    contentVersion: contentVersionOf(files, options.published ?? [], options.datasources ?? []),
    spaceId: options.spaceId,
    languages,
    entries,
    datasources: options.datasources ?? [],
    problems,
    byId: (id) => byId.get(id),
    byUuid: (uuid) => byUuid.get(uuid),
    byFullSlug: (fullSlug) => bySlug.get(fullSlug) ?? bySlug.get(`${fullSlug.replace(/\/$/, "")}/`),
    byPath: (language, path) =>
      language === DEFAULT_LANGUAGE
        ? (bySlug.get(path) ?? bySlug.get(`${path.replace(/\/$/, "")}/`))
        : (byPathIndex.get(`${language}:${path}`) ?? byPathIndex.get(`${language}:${path.replace(/\/$/, "")}/`)),
    pathIn,
    contentOf,
  };
}

function decodeStory(json: unknown, file: string, problems: string[]): StoryFile | undefined {
  const result = Schema.decodeUnknownResult(StoryFileJson)(json, { errors: "all" });
  if (result._tag === "Failure") {
    const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues;
    problems.push(`${file} is not a Storyblok story, and is left out: ${issues.map((issue) => `${issue.path?.join(".") ?? ""}: ${issue.message}`).join("; ")}`);
    return undefined;
  }
  if (typeof json === "object" && json !== null && "published_content" in json) {
    problems.push(`${file} has a published_content field, which no Storyblok pull writes: run scripts/migrate-content-layout.mjs (the published version goes to ${PUBLISHED_FOLDER}/)`);
  }
  return { ...result.success, uuid: String(result.success.uuid) };
}

// Later stories never displace earlier ones, so a story's own slug wins over a start page's folder alias.
function indexSlug(index: Map<string, StoryFile>, key: string, story: StoryFile): void {
  if (!index.has(key)) index.set(key, story);
}

function translatedPath(story: StoryFile, language: string, byId: ReadonlyMap<number, StoryFile>, seen: Set<number>): string {
  seen.add(story.id);
  const own = story.is_startpage ? "" : (story.translated_slugs?.find((slug) => slug.lang === language && slug.slug)?.slug ?? story.slug);
  const parent = story.parent_id ? byId.get(story.parent_id) : undefined;
  let prefix: string;
  if (parent && !seen.has(parent.id)) prefix = translatedPath(parent, language, byId, seen);
  else {
    // No folder to read translated slugs from: keep the default folders of the full slug.
    const trimmed = story.full_slug.replace(/\/$/, "");
    prefix = trimmed.includes("/") ? trimmed.slice(0, trimmed.lastIndexOf("/")) : "";
    if (story.is_startpage) prefix = trimmed;
  }
  if (story.is_startpage) return `${prefix}/`;
  return prefix ? `${prefix}/${own}` : own;
}

/**
 * The first 48 bits of a SHA-256 of the files' JSON (and the datasources), in the order given (readContentFiles sorts
 * them by name): a safe integer, as Storyblok's cv is. Timestamps would not do: two processes
 * stamp the same second, and an edit that keeps the newest timestamp would never be seen.
 */
function contentVersionOf(stories: readonly ContentFile[], published: readonly ContentFile[], datasources: readonly DatasourceFile[]): number {
  const hash = createHash("sha256");
  for (const [part, files] of [["stories", stories], ["published", published]] as const) {
    hash.update(`${part}\n`);
    for (const { json } of files) hash.update(`${JSON.stringify(json)}\n`);
  }
  hash.update(`datasources\n${JSON.stringify(datasources)}`);
  return hash.digest().readUIntBE(0, 6);
}
