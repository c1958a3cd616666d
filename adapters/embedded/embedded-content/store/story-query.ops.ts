import { DEFAULT_LANGUAGE, type ContentVersion } from "../../../../core";
import type { ContentStore, StoryContent } from "./content-store.adapter";
import type { CdnStory, StoryDelivery } from "./story-delivery.ops";
import type { StoryFile } from "./story-file.schema";

/** Storyblok's filter_query operations (storyblok.com/docs/api/content-delivery/v2/filter-queries/operations). */
export const FILTER_OPERATIONS = [
  "is", "in", "not_in", "like", "not_like", "any_in_array", "all_in_array",
  "gt_date", "lt_date", "gt_int", "lt_int", "gt_float", "lt_float",
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

/**
 * The story fields `excluding_story_fields` may leave out: "Fields not in this list are silently
 * ignored by the API" (storyblok-js-client 7.7's ExcludableStoryField).
 */
export const EXCLUDABLE_STORY_FIELDS = [
  "alternates", "created_at", "default_full_slug", "first_published_at", "group_id", "is_startpage", "lang", "meta_data",
  "parent_id", "path", "position", "published_at", "release_id", "sort_by_date", "tag_list", "taxonomy_terms", "translated_slugs", "updated_at",
] as const;

export interface FilterCondition {
  /** A content field, dotted for nested objects. */
  readonly field: string;
  readonly operation: FilterOperation;
  readonly value: string;
}

/** Every `all` condition holds, and (when there are `__or` alternatives) every condition of at least one alternative. */
export interface StoryFilter {
  readonly all: readonly FilterCondition[];
  readonly anyOf: readonly (readonly FilterCondition[])[];
}

export interface SortKey {
  /** A story property (`position`, `created_at`…) or `content.{field}`. */
  readonly field: string;
  readonly direction: "asc" | "desc";
  readonly type?: "int" | "float";
  /** Where stories without a value go; last unless asked (Storyblok's nulls_last default). */
  readonly nulls?: "first" | "last";
}

export interface StoryDateBound {
  readonly field: "published_at" | "first_published_at" | "updated_at";
  readonly operation: "gt" | "gte" | "lt" | "lte";
  readonly value: string;
}

/** A validated `GET /stories` query. */
export interface StoriesQuery {
  readonly version: ContentVersion;
  readonly language: string;
  /** The language an untranslated field falls back to before the default one (fallback_lang). */
  readonly fallbackLanguage?: string;
  readonly startsWith?: string;
  readonly byUuids?: readonly string[];
  /** Like byUuids, and the answer keeps this order. */
  readonly byUuidsOrdered?: readonly string[];
  readonly bySlugs?: readonly string[];
  readonly excludingSlugs?: readonly string[];
  readonly excludingIds?: readonly number[];
  readonly byIds?: readonly number[];
  readonly contentType?: string;
  readonly isStartpage?: boolean;
  readonly withTag?: readonly string[];
  readonly searchTerm?: string;
  /** Folder depth: 1 for stories at the root. */
  readonly level?: number;
  readonly dateBounds?: readonly StoryDateBound[];
  readonly filter?: StoryFilter;
  readonly sortBy?: readonly SortKey[];
  readonly excludingFields?: readonly string[];
  readonly page: number;
  readonly perPage: number;
}

export interface StoriesResult {
  readonly stories: readonly CdnStory[];
  readonly total: number;
}

/**
 * Stories first by their position in the folder, then by id, the newest first: Storyblok's order
 * (storyblok-php-client's tests/Data/v2/stories.json lists position -10 as 123616177 then 123616139,
 * position 0 as 123616176, 123616138, 123616134), so that page 2 holds what it holds on Storyblok.
 */
const DEFAULT_SORT: readonly SortKey[] = [{ field: "position", direction: "asc" }];

export function queryStories(store: ContentStore, delivery: StoryDelivery, query: StoriesQuery): StoriesResult {
  const matching: CdnStory[] = [];
  for (const file of candidates(store, query)) {
    if (file.is_folder) continue;
    if (!matchesStory(store, file, query)) continue;
    const story = delivery.story(file, query.version, query.language, query.fallbackLanguage);
    if (!story || !matchesContent(story, query)) continue;
    matching.push(story);
  }
  if (!query.byUuidsOrdered) sortStories(matching, query.sortBy?.length ? query.sortBy : DEFAULT_SORT);
  const start = (query.page - 1) * query.perPage;
  const page = matching.slice(start, start + query.perPage);
  return { stories: query.excludingFields?.length ? page.map((story) => withoutFields(story, query.excludingFields ?? [])) : page, total: matching.length };
}

/**
 * `starts_with` may carry a language, as Storyblok's field-level translation allows
 * (`en/events/`): when no story's default full slug starts with it, a leading language code
 * selects that language and the rest is matched against the stories' paths in it.
 */
export function resolveStartsWith(store: ContentStore, startsWith: string, language: string | undefined): { startsWith: string; language: string | undefined } {
  if (store.entries.some((story) => story.full_slug.startsWith(startsWith))) return { startsWith, language };
  const [first = "", ...rest] = startsWith.split("/");
  if (store.languages.includes(first)) return { startsWith: rest.join("/"), language: language ?? first };
  return { startsWith, language };
}

function candidates(store: ContentStore, query: StoriesQuery): readonly StoryFile[] {
  const uuids = query.byUuidsOrdered ?? query.byUuids;
  if (!uuids) return store.entries;
  return [...new Set(uuids)].flatMap((uuid) => {
    const story = store.byUuid(uuid);
    return story ? [story] : [];
  });
}

function matchesStory(store: ContentStore, story: StoryFile, query: StoriesQuery): boolean {
  if (query.startsWith !== undefined && query.startsWith !== "") {
    const prefix = query.startsWith;
    const inLanguage = query.language !== DEFAULT_LANGUAGE && store.pathIn(story, query.language).startsWith(prefix);
    if (!story.full_slug.startsWith(prefix) && !inLanguage) return false;
  }
  if (query.bySlugs && !query.bySlugs.some((pattern) => wildcard(pattern).test(story.full_slug))) return false;
  if (query.excludingSlugs?.some((pattern) => wildcard(pattern).test(story.full_slug))) return false;
  if (query.excludingIds?.includes(story.id)) return false;
  if (query.byIds && !query.byIds.includes(story.id)) return false;
  if (query.isStartpage !== undefined && Boolean(story.is_startpage) !== query.isStartpage) return false;
  if (query.withTag && !query.withTag.some((tag) => story.tag_list?.includes(tag))) return false;
  // level: "Only the immediate child stories are included … Stories defined as root for the folder are excluded."
  if (query.level !== undefined && (story.is_startpage || story.full_slug.replace(/\/$/, "").split("/").length !== query.level)) return false;
  for (const bound of query.dateBounds ?? []) {
    const time = parseDate(story[bound.field] ?? "");
    const limit = parseDate(bound.value);
    if (!compareBound(time, bound.operation, limit)) return false;
  }
  return true;
}

function compareBound(time: number, operation: StoryDateBound["operation"], limit: number): boolean {
  switch (operation) {
    case "gt":
      return time > limit;
    case "gte":
      return time >= limit;
    case "lt":
      return time < limit;
    case "lte":
      return time <= limit;
  }
}

function matchesContent(story: CdnStory, query: StoriesQuery): boolean {
  if (query.contentType !== undefined && story.content.component !== query.contentType) return false;
  if (query.searchTerm) {
    const term = query.searchTerm.toLowerCase();
    // A draft's `_editable` marks are the API's, not the story's: not searched.
    const text = JSON.stringify(story.content, (key, value: unknown) => (key === "_editable" ? undefined : value));
    if (!story.name.toLowerCase().includes(term) && !text.toLowerCase().includes(term)) return false;
  }
  const filter = query.filter;
  if (filter) {
    if (!filter.all.every((condition) => matchesCondition(story.content, condition))) return false;
    if (filter.anyOf.length && !filter.anyOf.some((group) => group.every((condition) => matchesCondition(story.content, condition)))) return false;
  }
  return true;
}

function fieldValue(content: StoryContent, field: string): unknown {
  let value: unknown = content;
  for (const part of field.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

function matchesCondition(content: StoryContent, { field, operation, value }: FilterCondition): boolean {
  const actual = fieldValue(content, field);
  const values = value.split(",");
  const texts = Array.isArray(actual) ? actual.map(asText) : [asText(actual)];
  switch (operation) {
    case "is":
      return matchesIs(actual, value);
    case "in":
      return texts.some((text) => text !== undefined && values.includes(text));
    case "not_in":
      return !texts.some((text) => text !== undefined && values.includes(text));
    case "like":
      return texts.some((text) => text !== undefined && wildcard(value).test(text));
    case "not_like":
      return !texts.some((text) => text !== undefined && wildcard(value).test(text));
    case "any_in_array":
      return Array.isArray(actual) && values.some((item) => texts.includes(item));
    case "all_in_array":
      return Array.isArray(actual) && values.every((item) => texts.includes(item));
    case "gt_date":
    case "lt_date": {
      const text = asText(actual);
      if (!text) return false;
      const time = parseDate(text);
      const limit = parseDate(value);
      return operation === "gt_date" ? time > limit : time < limit;
    }
    case "gt_int":
    case "lt_int":
    case "gt_float":
    case "lt_float": {
      const text = asText(actual);
      if (text === undefined || text === "") return false;
      const number = operation.endsWith("int") ? Number.parseInt(text, 10) : Number.parseFloat(text);
      const limit = Number(value);
      return operation.startsWith("gt") ? number > limit : number < limit;
    }
  }
}

function matchesIs(actual: unknown, value: string): boolean {
  const empty = actual === undefined || actual === null || actual === "" || (Array.isArray(actual) && actual.length === 0);
  switch (value) {
    case "empty":
      return empty;
    case "not_empty":
      return !empty;
    case "empty_array":
      return Array.isArray(actual) ? actual.length === 0 : actual === undefined || actual === null;
    case "not_empty_array":
      return Array.isArray(actual) && actual.length > 0;
    case "true":
      return actual === true || actual === "true";
    case "false":
      return actual !== true && actual !== "true";
    case "null":
      return actual === undefined || actual === null;
    case "not_null":
      return actual !== undefined && actual !== null;
    default:
      return asText(actual) === value;
  }
}

/** Storyblok's dates: "YYYY-mm-dd HH:MM" in UTC; ISO 8601 with an offset is read as such. */
export function parseDate(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return Date.parse(`${text.replace(" ", "T")}Z`);
  return Date.parse(text);
}

function wildcard(pattern: string): RegExp {
  return new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
}

function sortValue(story: CdnStory, key: SortKey): string | number | undefined {
  const raw = key.field.startsWith("content.") ? fieldValue(story.content, key.field.slice("content.".length)) : (story as unknown as Record<string, unknown>)[key.field];
  if (key.type) {
    const number = key.type === "int" ? Number.parseInt(String(raw), 10) : Number.parseFloat(String(raw));
    return Number.isFinite(number) ? number : undefined;
  }
  if (typeof raw === "number") return raw;
  return asText(raw) || undefined;
}

function sortStories(stories: CdnStory[], keys: readonly SortKey[]): void {
  stories.sort((a, b) => {
    for (const key of keys) {
      const left = sortValue(a, key);
      const right = sortValue(b, key);
      if (left === right) continue;
      // Missing values go last in either direction, unless nulls_first.
      const missingFirst = key.nulls === "first" ? -1 : 1;
      if (left === undefined) return missingFirst;
      if (right === undefined) return -missingFirst;
      const order = left < right ? -1 : 1;
      return key.direction === "asc" ? order : -order;
    }
    return b.id - a.id;
  });
}

export function withoutFields(story: CdnStory, fields: readonly string[]): CdnStory {
  const content: Record<string, unknown> = { ...story.content };
  for (const field of fields) if (field !== "component" && field !== "_uid") delete content[field];
  return { ...story, content };
}

/** A story without the top-level fields of `excluding_story_fields`; `content`, `id`, `uuid`, names and slugs always stay. */
export function withoutStoryFields(story: CdnStory, fields: readonly string[]): Partial<CdnStory> {
  const shown: Record<string, unknown> = { ...story };
  for (const field of fields) if ((EXCLUDABLE_STORY_FIELDS as readonly string[]).includes(field)) delete shown[field];
  return shown as Partial<CdnStory>;
}
