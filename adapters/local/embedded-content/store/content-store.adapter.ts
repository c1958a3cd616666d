import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema, SchemaIssue } from "effect";
import type { ContentVersion } from "../../../../core";
import { DEFAULT_LANGUAGE } from "./field-translations.ops";
import { StoryFile } from "./story-file.schema";
export type StoryContent = Readonly<Record<string, unknown>>;

/** The space's languages besides the default one (SPEC §9: es is the default; en and val). */
export const CONTENT_LANGUAGES = ["en", "val"] as const;

/**
 * The embedded site's stories, read once into memory and never changed afterwards (a new
 * content version means a new store). Folders are stories too, as in Storyblok.
 */
export interface ContentStore {
  /** The content version: the newest update or publication, in Unix seconds. */
  readonly cv: number;
  /** Languages besides the default one. */
  readonly languages: readonly string[];
  /** Every story and folder, by id. */
  readonly entries: readonly StoryFile[];
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
}

export class ContentStoreError extends Error {
  override readonly name = "ContentStoreError";
}

/** Reads `{dir}/stories/*.json` (the Storyblok CLI's layout) into a store. Throws naming the bad file. */
export function loadContentStore(dir: string, options: ContentStoreOptions = {}): ContentStore {
  return createContentStore(readStoryFiles(dir), options);
}

/** The raw story files of a content directory, each tagged with its file name for error messages. */
export function readStoryFiles(dir: string): { readonly file: string; readonly json: unknown }[] {
  const storiesDir = join(dir, "stories");
  let names: string[];
  try {
    names = readdirSync(storiesDir).filter((name) => name.endsWith(".json")).sort();
  } catch (cause) {
    throw new ContentStoreError(`cannot read the content store at ${storiesDir}: ${(cause as Error).message}`);
  }
  return names.map((name) => {
    const file = join(storiesDir, name);
    try {
      return { file, json: JSON.parse(readFileSync(file, "utf8")) as unknown };
    } catch (cause) {
      throw new ContentStoreError(`${file} is not valid JSON: ${(cause as Error).message}`);
    }
  });
}

export function createContentStore(
  files: readonly { readonly file?: string; readonly json: unknown }[],
  options: ContentStoreOptions = {},
): ContentStore {
  const languages = options.languages ?? CONTENT_LANGUAGES;
  const entries = files.map(({ file, json }, index) => decodeStory(json, file ?? `story #${index}`)).sort((a, b) => a.id - b.id);

  const byId = new Map<number, StoryFile>();
  const byUuid = new Map<string, StoryFile>();
  for (const story of entries) {
    if (byId.has(story.id)) throw new ContentStoreError(`two stories have the id ${story.id}`);
    if (byUuid.has(story.uuid)) throw new ContentStoreError(`two stories have the uuid ${story.uuid}`);
    byId.set(story.id, story);
    byUuid.set(story.uuid, story);
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

  return {
    cv: contentVersionOf(entries),
    languages,
    entries,
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

function decodeStory(json: unknown, file: string): StoryFile {
  const result = Schema.decodeUnknownResult(StoryFile)(json, { errors: "all" });
  if (result._tag === "Success") return result.success;
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues;
  throw new ContentStoreError(`${file} is not a Storyblok story: ${issues.map((issue) => `${issue.path?.join(".") ?? ""}: ${issue.message}`).join("; ")}`);
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

function contentOf(story: StoryFile, version: ContentVersion): StoryContent | undefined {
  if (story.is_folder) return undefined;
  if (version === "draft") return story.content ?? {};
  if (!story.published) return undefined;
  return (story.unpublished_changes && story.published_content) || story.content || {};
}

function contentVersionOf(entries: readonly StoryFile[]): number {
  let newest = 0;
  for (const story of entries) {
    for (const stamp of [story.updated_at, story.published_at, story.created_at]) {
      const time = stamp ? Date.parse(stamp) : Number.NaN;
      if (Number.isFinite(time) && time > newest) newest = time;
    }
  }
  return Math.floor(newest / 1000);
}
