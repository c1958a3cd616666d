import { createHash, timingSafeEqual } from "node:crypto";
import { Schema, SchemaIssue } from "effect";
import { Hono, type Context } from "hono";
import { createFixedWindowRateLimiter, type ContentVersion, type RateLimiter } from "../../../../core";
import type { ContentStore } from "../store/content-store.adapter";
import { DEFAULT_LANGUAGE } from "../store/field-translations.ops";
import { createStoryDelivery, type CdnStory, type StoryDelivery } from "../store/story-delivery.ops";
import { queryStories, resolveStartsWith, withoutFields, type StoryDateBound, type StoryFilter } from "../store/story-query.ops";
import { linkedStoryUuids, relationUuids } from "../store/story-references.ops";
import { FilterQuery, LinksParams, SpaceParams, isTrue, storiesParams, storyParams, type FilterQueryCondition } from "./content-api.schema";

/** Requests per second and token when none is configured: well above what the site's own pages need. */
export const DEFAULT_CONTENT_API_RATE_LIMIT = 100;

/** Storyblok resolves at most this many relations (and links) inline; beyond it, it lists their uuids. */
const INLINE_LIMIT = 50;
const PUBLISHED_CACHE = "public, max-age=60";

export interface ContentApiOptions {
  readonly store: ContentStore;
  /** Reads published content. */
  readonly publicToken: string;
  /** Reads published and draft content. */
  readonly previewToken: string;
  readonly spaceId: number;
  readonly spaceName?: string;
  readonly spaceDomain?: string;
  /** Public requests per second per token; `Infinity` turns the limit off. Default DEFAULT_CONTENT_API_RATE_LIMIT. */
  readonly rateLimitPerSecond?: number;
  /** The limiter's clock, in milliseconds since the epoch. */
  readonly now?: () => number;
}

type Access = "public" | "preview";

export interface ContentApi {
  /** For the world, mounted at `/v2/cdn`: rate limited per token. */
  readonly public: Hono;
  /**
   * The same answers for the site's own rendering, called in process: it never queues behind
   * the public limit, so a client flooding `/v2/cdn` with the public token cannot slow the pages.
   */
  readonly ownReads: Hono;
}

/**
 * The embedded Storyblok Content Delivery API (v2): `stories`, `stories/{full_slug | id | uuid}`,
 * `spaces/me` and `links`, answering in Storyblok's shapes.
 */
export function createContentApi(options: ContentApiOptions): ContentApi {
  const limit = options.rateLimitPerSecond ?? DEFAULT_CONTENT_API_RATE_LIMIT;
  const delivery = createStoryDelivery(options.store);
  return {
    public: contentRoutes(options, delivery, Number.isFinite(limit) ? createFixedWindowRateLimiter({ limit, now: options.now }) : undefined),
    ownReads: contentRoutes(options, delivery, undefined),
  };
}

function contentRoutes(options: ContentApiOptions, delivery: StoryDelivery, limiter: RateLimiter | undefined): Hono {
  const { store } = options;
  const tokens = { public: digest(options.publicToken), preview: digest(options.previewToken) };
  const StoriesParams = storiesParams(store.languages);
  const StoryParams = storyParams(store.languages);

  const accessOf = (token: string | undefined): Access | undefined => {
    if (!token) return undefined;
    const given = digest(token);
    if (timingSafeEqual(given, tokens.preview)) return "preview";
    if (timingSafeEqual(given, tokens.public)) return "public";
    return undefined;
  };

  /** The token first (401), then its rate (429), then the parameters (422). */
  const admit = <T extends { readonly version?: ContentVersion }>(
    c: Context,
    schema: Schema.Codec<T, unknown>,
  ): { ok: true; params: T; version: ContentVersion } | { ok: false; response: Response } => {
    const token = c.req.query("token");
    const access = accessOf(token);
    if (!access || !token) return { ok: false, response: error(c, 401, "Unauthorized") };
    if (limiter) {
      const decision = limiter.take(token);
      c.header("X-RateLimit", `"requests-per-second";r=${decision.remaining}`);
      c.header("X-RateLimit-Policy", `"requests-per-second";q=${limiter.limit};w=1`);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return { ok: false, response: error(c, 429, "Too Many Requests") };
      }
    }
    const decoded = decodeParams(schema, firstValues(c));
    if (!decoded.ok) return { ok: false, response: error(c, 422, decoded.message, decoded.issues) };
    const version = decoded.value.version ?? "published";
    if (version === "draft" && access !== "preview") return { ok: false, response: error(c, 401, "Unauthorized: this token reads published content only") };
    return { ok: true, params: decoded.value, version };
  };

  const api = new Hono();
  api.use(async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
  });

  const listStories = (c: Context) => {
    const admitted = admit(c, StoriesParams);
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const filter = readFilterQuery(new URL(c.req.url).searchParams);
    if (!filter.ok) return error(c, 422, filter.message, filter.issues);

    let language = languageOf(params.language);
    let startsWith = params.starts_with;
    if (startsWith !== undefined) {
      const resolved = resolveStartsWith(store, startsWith, params.language === undefined ? undefined : language);
      startsWith = resolved.startsWith;
      language = resolved.language ?? language;
    }
    const perPage = params.per_page ?? 25;
    const page = params.page ?? 1;
    const result = queryStories(store, delivery, {
      version,
      language,
      startsWith,
      byUuids: list(params.by_uuids),
      byUuidsOrdered: list(params.by_uuids_ordered),
      bySlugs: list(params.by_slugs),
      excludingSlugs: list(params.excluding_slugs),
      excludingIds: list(params.excluding_ids)?.map(Number),
      contentType: params.content_type,
      isStartpage: isTrue(params.is_startpage),
      withTag: list(params.with_tag),
      searchTerm: params.search_term,
      level: params.level,
      dateBounds: dateBounds(params),
      filter: filter.filter,
      sortBy: list(params.sort_by)?.map((key) => {
        const [field = "", direction, type] = key.split(":");
        return { field, direction: direction === "desc" ? "desc" : "asc", ...(type === "int" || type === "float" ? { type } : {}) };
      }),
      excludingFields: list(params.excluding_fields),
      page,
      perPage,
    });
    const references = resolveReferences(store, delivery, result.stories, { ...params, version, language });
    return c.json({ stories: result.stories, cv: store.cv, ...references }, 200, {
      total: String(result.total),
      "per-page": String(perPage),
      "Cache-Control": cacheControl(version),
    });
  };

  api.get("/stories", listStories);
  api.get("/stories/", listStories);

  api.get("/stories/:path{.+}", (c) => {
    const admitted = admit(c, StoryParams);
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const found = findStory(store, c.req.param("path"), params.find_by === "uuid");
    const language = found?.language ?? languageOf(params.language);
    const story = found && delivery.story(found.story, version, language);
    if (!story) return error(c, 404, "This record could not be found");
    const excluding = list(params.excluding_fields);
    const shown = excluding ? withoutFields(story, excluding) : story;
    const references = resolveReferences(store, delivery, [shown], { ...params, version, language });
    return c.json({ story: shown, cv: store.cv, ...references }, 200, { "Cache-Control": cacheControl(version) });
  });

  api.get("/spaces/me", (c) => {
    const admitted = admit(c, SpaceParams);
    if (!admitted.ok) return admitted.response;
    return c.json(
      {
        space: {
          id: options.spaceId,
          name: options.spaceName ?? "Local space",
          domain: options.spaceDomain ?? "",
          version: store.cv,
          language_codes: store.languages,
        },
      },
      200,
      { "Cache-Control": "no-cache" },
    );
  });

  api.get("/links", (c) => {
    const admitted = admit(c, LinksParams);
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const withParent = params.with_parent;
    const entries = store.entries
      .filter((story) => version === "draft" || story.is_folder || story.published)
      .filter((story) => params.starts_with === undefined || story.full_slug.startsWith(params.starts_with))
      .filter((story) => withParent === undefined || (story.parent_id ?? 0) === withParent)
      .sort((a, b) => (a.full_slug < b.full_slug ? -1 : a.full_slug > b.full_slug ? 1 : a.id - b.id));
    const paginated = isTrue(params.paginated) === true;
    const perPage = params.per_page ?? 25;
    const shown = paginated ? entries.slice(((params.page ?? 1) - 1) * perPage, (params.page ?? 1) * perPage) : entries;
    const includeDates = isTrue(params.include_dates) === true;
    const links = Object.fromEntries(shown.map((story) => [story.uuid, delivery.link(story, { includeDates })]));
    const headers: Record<string, string> = { "Cache-Control": cacheControl(version) };
    if (paginated) {
      headers.total = String(entries.length);
      headers["per-page"] = String(perPage);
    }
    return c.json({ links }, 200, headers);
  });

  api.all("*", (c) => error(c, 404, "This record could not be found"));
  api.onError((_cause, c) => error(c, 500, "Internal Server Error"));
  return api;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

function error(c: Context, status: 401 | 404 | 422 | 429 | 500, message: string, issues?: readonly { path: string; message: string }[]): Response {
  return c.json(issues ? { error: message, issues } : { error: message }, status, { "Cache-Control": "no-store" });
}

function cacheControl(version: ContentVersion): string {
  return version === "draft" ? "no-store" : PUBLISHED_CACHE;
}

function languageOf(language: string | undefined): string {
  return !language || language === "es" ? DEFAULT_LANGUAGE : language;
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(",").map((item) => item.trim()).filter(Boolean);
  return items;
}

/** The first value of each query parameter; empty values count as absent, as Storyblok treats them. */
function firstValues(c: Context): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) if (value !== "" && !(key in values)) values[key] = value;
  return values;
}

type Decoded<T> = { ok: true; value: T } | { ok: false; message: string; issues: { path: string; message: string }[] };

function decodeParams<T>(schema: Schema.Codec<T, unknown>, input: unknown): Decoded<T> {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: "all" });
  if (result._tag === "Success") return { ok: true, value: result.success };
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((key) => (typeof key === "object" && key !== null && "key" in key ? String(key.key) : String(key))).join("."),
    message: issue.message,
  }));
  return { ok: false, message: `Unprocessable: ${issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}`, issues };
}

/**
 * `filter_query[field][op]=v` conditions must all hold; `filter_query[__or][][field][op]=v`
 * adds alternatives (entries sharing an index form one alternative).
 */
function readFilterQuery(search: URLSearchParams): { ok: true; filter: StoryFilter | undefined } | { ok: false; message: string; issues: { path: string; message: string }[] } {
  const raw: Record<string, string | undefined>[] = [];
  let anonymous = 0;
  for (const [key, value] of search) {
    if (!key.startsWith("filter_query")) continue;
    const parts = /^filter_query((\[[^\]]*\])+)$/.exec(key)?.[1]?.slice(1, -1).split("][");
    if (!parts) {
      raw.push({ field: key, value });
      continue;
    }
    if (parts[0] === "__or") {
      const [, index = "", field, operation, ...rest] = parts;
      raw.push({ group: index === "" ? `new-${anonymous++}` : index, field, operation: rest.length ? undefined : operation, value });
    } else {
      const [field, operation, ...rest] = parts;
      raw.push({ field, operation: rest.length ? undefined : operation, value });
    }
  }
  if (!raw.length) return { ok: true, filter: undefined };
  const decoded = decodeParams(FilterQuery, raw);
  if (!decoded.ok) return { ok: false, message: decoded.message.replace("Unprocessable:", "Unprocessable filter_query:"), issues: decoded.issues };
  const all: FilterQueryCondition[] = [];
  const groups = new Map<string, FilterQueryCondition[]>();
  for (const condition of decoded.value) {
    if (condition.group === undefined) all.push(condition);
    else groups.set(condition.group, [...(groups.get(condition.group) ?? []), condition]);
  }
  return { ok: true, filter: { all, anyOf: [...groups.values()] } };
}

function dateBounds(params: Readonly<Record<string, unknown>>): StoryDateBound[] {
  const bounds: StoryDateBound[] = [];
  for (const field of ["published_at", "first_published_at", "updated_at"] as const) {
    for (const operation of ["gt", "lt"] as const) {
      const value = params[`${field}_${operation}`];
      if (typeof value === "string") bounds.push({ field, operation, value });
    }
  }
  return bounds;
}

/**
 * A story by full slug, id or uuid; `{lang}/{path}` finds a story by its translated path (or
 * its default full slug) and answers in that language (`es/` and `default/` name the default one).
 */
function findStory(store: ContentStore, path: string, byUuid: boolean): { story: NonNullable<ReturnType<ContentStore["byId"]>>; language?: string } | undefined {
  if (byUuid) {
    const story = store.byUuid(path);
    return story ? { story } : undefined;
  }
  if (/^\d+$/.test(path)) {
    const story = store.byId(Number(path));
    if (story && !story.is_folder) return { story };
  }
  const bySlug = store.byFullSlug(path);
  if (bySlug) return { story: bySlug };
  const [first = "", ...rest] = path.split("/");
  if (rest.length && (first === "es" || first === DEFAULT_LANGUAGE)) {
    const story = store.byFullSlug(rest.join("/"));
    if (story) return { story, language: DEFAULT_LANGUAGE };
  }
  if (store.languages.includes(first) && rest.length) {
    const story = store.byPath(first, rest.join("/"));
    if (story) return { story, language: first };
  }
  const byUuidFallback = store.byUuid(path);
  return byUuidFallback ? { story: byUuidFallback } : undefined;
}

interface ReferenceParams {
  readonly version: ContentVersion;
  readonly language: string;
  readonly resolve_relations?: string;
  readonly resolve_links?: "story" | "url" | "link" | "0" | "1";
  readonly resolve_level?: number;
  readonly excluding_fields?: string;
}

/**
 * `rels` (resolve_relations) and `links` (resolve_links), or their uuids (`rel_uuids`,
 * `link_uuids`) when there are more than Storyblok resolves inline; the client fetches those.
 */
function resolveReferences(store: ContentStore, delivery: StoryDelivery, stories: readonly CdnStory[], params: ReferenceParams) {
  const deliver = (uuid: string): CdnStory | undefined => {
    const file = store.byUuid(uuid);
    return file && delivery.story(file, params.version, params.language);
  };
  const excluding = list(params.excluding_fields);
  const out: { rels: unknown[]; links: unknown[]; rel_uuids?: string[]; link_uuids?: string[] } = { rels: [], links: [] };

  const relations = list(params.resolve_relations);
  if (relations?.length) {
    const uuids = relationUuids(stories, relations);
    if (uuids.length > INLINE_LIMIT) out.rel_uuids = uuids;
    else {
      const rels = uuids.flatMap((uuid) => deliver(uuid) ?? []);
      // resolve_level=2 (the client's default): relations of the related stories as well.
      if ((params.resolve_level ?? 0) >= 2) {
        const known = new Set(uuids);
        for (const uuid of relationUuids(rels, relations)) {
          if (known.has(uuid) || known.size >= INLINE_LIMIT) continue;
          known.add(uuid);
          const story = deliver(uuid);
          if (story) rels.push(story);
        }
      }
      out.rels = excluding ? rels.map((story) => withoutFields(story, excluding)) : rels;
    }
  }

  const mode = params.resolve_links === "1" ? "story" : params.resolve_links;
  if (mode && mode !== "0") {
    const uuids = linkedStoryUuids([...stories, ...(out.rels as CdnStory[])]);
    if (uuids.length > INLINE_LIMIT) out.link_uuids = uuids;
    else {
      out.links = uuids.flatMap((uuid): unknown[] => {
        const story = deliver(uuid);
        const file = store.byUuid(uuid);
        if (!story || !file) return [];
        if (mode === "url") return [delivery.urlLink(file, params.language)];
        if (mode === "link") return [delivery.link(file)];
        return [story];
      });
    }
  }
  return out;
}
