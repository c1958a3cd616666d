import { createHash, timingSafeEqual } from "node:crypto";
import { Schema, SchemaIssue } from "effect";
import { Hono, type Context } from "hono";
import { DEFAULT_LANGUAGE, inProcessRateLimiters, type ContentVersion, type RateLimiter, type RateLimiters } from "../../../../core";
import type { ContentStore } from "../store/content-store.adapter";
import type { DatasourceFile } from "../store/datasources.ops";
import type { StoryFile } from "../store/story-file.schema";
import { createStoryDelivery, type CdnStory, type StoryDelivery } from "../store/story-delivery.ops";
import { queryStories, resolveStartsWith, withoutFields, withoutStoryFields, type StoryDateBound, type StoryFilter } from "../store/story-query.ops";
import { linkedStoryUuids, relationUuids } from "../store/story-references.ops";
import {
  DATE_BOUND_FIELDS,
  DATE_BOUND_OPERATIONS,
  DatasourceEntriesParams,
  DatasourceParams,
  DatasourcesParams,
  FilterQuery,
  LinkParams,
  LinksParams,
  AssetParams,
  SpaceParams,
  TagsParams,
  UNSUPPORTED_PARAMETERS,
  isTrue,
  parameterNames,
  storiesParams,
  storyParams,
  type FilterQueryCondition,
} from "./content-api.schema";

/** Requests per second and token when none is configured: well above what the site's own pages need. */
export const DEFAULT_CONTENT_API_RATE_LIMIT = 100;

/** Storyblok resolves at most this many relations (and links) inline; beyond it, it lists their uuids. */
const INLINE_LIMIT = 50;
const PUBLISHED_CACHE = "public, max-age=60";
/** /links pages: 25 by default, at most 1000 (storyblok.com/docs/api/content-delivery/v2/links/retrieve-multiple-links). */
const LINKS_PER_PAGE = 25;

export interface ContentApiOptions {
  /** The stories; a function when they change while the API runs (the editor writes them), read once per request. */
  readonly store: ContentStore | (() => ContentStore);
  /** Reads published content. */
  readonly publicToken: string;
  /** Reads published and draft content. */
  readonly previewToken: string;
  readonly spaceId: number;
  readonly spaceName?: string;
  readonly spaceDomain?: string;
  /** Public requests per second per token; `Infinity` turns the limit off. Default DEFAULT_CONTENT_API_RATE_LIMIT. */
  readonly rateLimitPerSecond?: number;
  /** Where requests are counted; this process alone unless said (several server processes share one). */
  readonly rateLimiters?: RateLimiters;
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
  const storeNow = typeof options.store === "function" ? options.store : () => options.store as ContentStore;
  const deliveries = new WeakMap<ContentStore, StoryDelivery>();
  const current = (): Current => {
    const store = storeNow();
    let delivery = deliveries.get(store);
    if (!delivery) deliveries.set(store, (delivery = createStoryDelivery(store, options.spaceId)));
    return { store, delivery };
  };
  return {
    public: contentRoutes(options, current, Number.isFinite(limit) ? (options.rateLimiters ?? inProcessRateLimiters(options.now)).limiter("content-api-public", { limit }) : undefined),
    ownReads: contentRoutes(options, current, undefined),
  };
}

/** One request's stories, and their delivery shapes. */
interface Current {
  readonly store: ContentStore;
  readonly delivery: StoryDelivery;
}

function contentRoutes(options: ContentApiOptions, current: () => Current, limiter: RateLimiter | undefined): Hono {
  // The languages are the space's: the same in every version of its stories.
  const { languages } = current().store;
  const tokens = { public: digest(options.publicToken), preview: digest(options.previewToken) };
  const StoriesParams = storiesParams(languages);
  const StoryParams = storyParams(languages);

  const accessOf = (token: string | undefined): Access | undefined => {
    if (!token) return undefined;
    const given = digest(token);
    if (timingSafeEqual(given, tokens.preview)) return "preview";
    if (timingSafeEqual(given, tokens.public)) return "public";
    return undefined;
  };

  /**
   * The token first (401), then its rate (429), then the parameters' names and values (422),
   * then, where Storyblok caches by cache version, a request without `cv` is sent to the
   * current one (301).
   */
  const admit = async <T extends { readonly version?: ContentVersion }>(
    c: Context,
    schema: Schema.Codec<T, unknown> & { readonly fields: Readonly<Record<string, unknown>> },
    options: { readonly redirectToCv?: boolean; readonly filterQuery?: { readonly ok: false; readonly message: string; readonly issues: { path: string; message: string }[] } | { readonly ok: true } } = {},
  ): Promise<{ ok: true; params: T; version: ContentVersion } | { ok: false; response: Response }> => {
    const token = c.req.query("token");
    const access = accessOf(token);
    if (!access || !token) return { ok: false, response: error(c, 401, "Unauthorized") };
    if (limiter) {
      const decision = await limiter.take(token);
      c.header("X-RateLimit", `"requests-per-second";r=${decision.remaining}`);
      c.header("X-RateLimit-Policy", `"requests-per-second";q=${limiter.limit};w=1`);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return { ok: false, response: error(c, 429, "Too Many Requests") };
      }
    }
    const refused = refusedParameters(c, parameterNames(schema), options.filterQuery !== undefined);
    if (refused) return { ok: false, response: error(c, 422, refused.message, refused.issues) };
    const values = firstValues(c);
    const decoded = decodeParams(schema, values);
    if (!decoded.ok) return { ok: false, response: error(c, 422, decoded.message, decoded.issues) };
    if (options.filterQuery && !options.filterQuery.ok) return { ok: false, response: error(c, 422, options.filterQuery.message, options.filterQuery.issues) };
    const version = decoded.value.version ?? "published";
    if (version === "draft" && access !== "preview") return { ok: false, response: error(c, 401, "Unauthorized: this token reads published content only") };
    if (options.redirectToCv && values.cv === undefined) return { ok: false, response: redirectToCv(c, current().store.contentVersion) };
    return { ok: true, params: decoded.value, version };
  };

  const api = new Hono();
  api.use(async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
  });

  const listStories = async (c: Context) => {
    const { store, delivery } = current();
    const filter = readFilterQuery(new URL(c.req.url).searchParams);
    const admitted = await admit(c, StoriesParams, { redirectToCv: true, filterQuery: filter });
    // admit() refuses a bad filter_query (422), so it is good here.
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;

    let language = languageOf(params.language);
    const fallbackLanguage = params.fallback_lang === undefined ? undefined : languageOf(params.fallback_lang);
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
      fallbackLanguage,
      startsWith,
      byUuids: list(params.by_uuids),
      byUuidsOrdered: list(params.by_uuids_ordered),
      bySlugs: list(params.by_slugs),
      excludingSlugs: list(params.excluding_slugs),
      excludingIds: list(params.excluding_ids)?.map(Number),
      byIds: list(params.by_ids)?.map(Number),
      contentType: params.content_type,
      isStartpage: isTrue(params.is_startpage),
      withTag: list(params.with_tag),
      searchTerm: params.search_term,
      level: params.level,
      dateBounds: dateBounds(params),
      filter: filter.ok ? filter.filter : undefined,
      sortBy: list(params.sort_by)?.map((key) => {
        const [field = "", direction, ...modifiers] = key.split(":");
        const type = modifiers.find((modifier) => modifier === "int" || modifier === "float");
        const nulls = modifiers.includes("nulls_first") ? "first" : "last";
        return { field, direction: direction === "desc" ? "desc" : "asc", nulls, ...(type ? { type } : {}) };
      }),
      excludingFields: list(params.excluding_fields),
      page,
      perPage,
    });
    const references = resolveReferences(store, delivery, result.stories, { ...params, version, language, fallbackLanguage });
    const shown = withoutStoryFieldsOf(params.excluding_story_fields);
    return c.json({ stories: result.stories.map(shown), cv: store.contentVersion, ...references, rels: references.rels.map(shown) }, 200, {
      total: String(result.total),
      "per-page": String(perPage),
      "Cache-Control": cacheControl(version),
    });
  };

  api.get("/stories", listStories);
  api.get("/stories/", listStories);

  api.get("/stories/:path{.+}", async (c) => {
    const { store, delivery } = current();
    const admitted = await admit(c, StoryParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const found = findStory(store, c.req.param("path"), params.find_by === "uuid");
    const language = found?.language ?? languageOf(params.language);
    const fallbackLanguage = params.fallback_lang === undefined ? undefined : languageOf(params.fallback_lang);
    const story = found && delivery.story(found.story, version, language, fallbackLanguage);
    if (!story || (params.content_type !== undefined && story.content.component !== params.content_type)) return error(c, 404, "This record could not be found");
    const excluding = list(params.excluding_fields);
    const shown = excluding ? withoutFields(story, excluding) : story;
    const references = resolveReferences(store, delivery, [shown], { ...params, version, language, fallbackLanguage });
    const withoutStoryFields = withoutStoryFieldsOf(params.excluding_story_fields);
    return c.json({ story: withoutStoryFields(shown), cv: store.contentVersion, ...references, rels: references.rels.map(withoutStoryFields) }, 200, {
      "Cache-Control": cacheControl(version),
    });
  });

  api.get("/spaces/me", async (c) => {
    const { store } = current();
    const admitted = await admit(c, SpaceParams);
    if (!admitted.ok) return admitted.response;
    return c.json(
      {
        space: {
          id: options.spaceId,
          name: options.spaceName ?? "Local space",
          domain: options.spaceDomain ?? "",
          version: store.contentVersion,
          language_codes: store.languages,
        },
      },
      200,
      { "Cache-Control": "no-cache" },
    );
  });

  // Paged whatever `paginated` says: Storyblok pages /links by default for spaces created since
  // May 2023, and `paginated=1` only turns paging on for older ones.
  api.get("/links", async (c) => {
    const { store, delivery } = current();
    const admitted = await admit(c, LinksParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const withParent = params.with_parent;
    const entries = store.entries
      .filter((story) => isLinked(story, version))
      .filter((story) => params.starts_with === undefined || story.full_slug.startsWith(params.starts_with))
      .filter((story) => withParent === undefined || (story.parent_id ?? 0) === withParent)
      .filter((story) => params.by_uuid === undefined || story.uuid === params.by_uuid)
      .sort((a, b) => (a.full_slug < b.full_slug ? -1 : a.full_slug > b.full_slug ? 1 : a.id - b.id));
    const perPage = params.per_page ?? LINKS_PER_PAGE;
    const page = params.page ?? 1;
    const includeDates = isTrue(params.include_dates) === true;
    const links = Object.fromEntries(entries.slice((page - 1) * perPage, page * perPage).map((story) => [story.uuid, delivery.link(story, { includeDates })]));
    return c.json({ links }, 200, { "Cache-Control": cacheControl(version), total: String(entries.length), "per-page": String(perPage) });
  });

  api.get("/links/:uuid", async (c) => {
    const { store, delivery } = current();
    const admitted = await admit(c, LinkParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const story = store.byUuid(c.req.param("uuid"));
    if (!story || !isLinked(story, admitted.version)) return error(c, 404, "This record could not be found");
    return c.json({ link: delivery.link(story, { includeDates: isTrue(admitted.params.include_dates) === true }) }, 200, { "Cache-Control": cacheControl(admitted.version) });
  });

  const datasourceOf = (source: DatasourceFile) => ({ id: source.id, name: source.name, slug: source.slug, dimensions: source.dimensions ?? [] });

  api.get("/datasources", async (c) => {
    const { store } = current();
    const admitted = await admit(c, DatasourcesParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const { params } = admitted;
    const ids = list(params.by_ids)?.map(Number);
    const search = params.search?.toLowerCase();
    const matching = store.datasources.filter(
      (source) => (!ids || ids.includes(source.id)) && (!search || source.name.toLowerCase().includes(search) || source.slug.toLowerCase().includes(search)),
    );
    const perPage = params.per_page ?? 25;
    const page = params.page ?? 1;
    const shown = matching.slice((page - 1) * perPage, page * perPage).map(datasourceOf);
    return c.json({ datasources: shown, cv: store.contentVersion }, 200, { "Cache-Control": PUBLISHED_CACHE, total: String(matching.length), "per-page": String(perPage) });
  });

  api.get("/datasources/:id", async (c) => {
    const { store } = current();
    const admitted = await admit(c, DatasourceParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const key = c.req.param("id");
    const source = store.datasources.find((candidate) => String(candidate.id) === key || candidate.slug === key);
    if (!source) return error(c, 404, "This record could not be found");
    return c.json({ datasource: datasourceOf(source), cv: store.contentVersion }, 200, { "Cache-Control": PUBLISHED_CACHE });
  });

  // An entry's dimension_value is its value in the dimension asked for, null without one.
  api.get("/datasource_entries", async (c) => {
    const { store } = current();
    const admitted = await admit(c, DatasourceEntriesParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const { params } = admitted;
    const sources = params.datasource === undefined ? store.datasources : store.datasources.filter((source) => source.slug === params.datasource);
    const entries = sources.flatMap((source) =>
      (source.entries ?? []).map((entry) => ({
        id: entry.id,
        name: entry.name,
        value: entry.value,
        dimension_value: params.dimension === undefined ? null : (entry.dimension_values?.[params.dimension] ?? null),
      })),
    );
    const perPage = params.per_page ?? 25;
    const page = params.page ?? 1;
    return c.json({ datasource_entries: entries.slice((page - 1) * perPage, page * perPage), cv: store.contentVersion }, 200, {
      "Cache-Control": PUBLISHED_CACHE,
      total: String(entries.length),
      "per-page": String(perPage),
    });
  });

  // "Only tags assigned to at least one story are included" (docs: content-delivery/v2/tags/retrieve-multiple-tags).
  api.get("/tags", async (c) => {
    const { store } = current();
    const admitted = await admit(c, TagsParams, { redirectToCv: true });
    if (!admitted.ok) return admitted.response;
    const { params, version } = admitted;
    const counts = new Map<string, number>();
    for (const story of store.entries) {
      if (story.is_folder || !store.contentOf(story, version)) continue;
      if (params.starts_with !== undefined && !story.full_slug.startsWith(params.starts_with)) continue;
      for (const tag of new Set(story.tag_list ?? [])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const tags = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, taggings_count]) => ({ name, taggings_count }));
    return c.json({ tags }, 200, { "Cache-Control": cacheControl(version) });
  });

  // A private asset's signed URL, for an asset token: the embedded space has neither (every image
  // is public at its own URL), so this is refused saying so rather than answered as an unknown path.
  api.get("/assets/me", (c) => {
    const refused = refusedParameters(c, parameterNames(AssetParams), false);
    if (refused) return error(c, 422, refused.message, refused.issues);
    const reason = "the embedded content has no private assets or asset tokens: every asset is public at its filename";
    return error(c, 422, `Unprocessable: assets/me is not supported: ${reason}`, [{ path: "assets/me", message: `is not supported: ${reason}` }]);
  });

  api.all("*", (c) => error(c, 404, "This record could not be found"));
  api.onError((_cause, c) => error(c, 500, "Internal Server Error"));
  return api;
}

/** Folders always, as Storyblok lists them whatever their publication; stories in the version asked for. */
function isLinked(story: StoryFile, version: ContentVersion): boolean {
  return Boolean(version === "draft" || story.is_folder || story.published);
}

/**
 * "If [cv] is not present in the API request, the Storyblok backend performs an HTTP redirect to
 * the same endpoint with the latest available cv value" (storyblok.com/faq/how-stories-are-cached-content-delivery-api).
 * The Location is a path: the host is never taken from the request.
 */
function redirectToCv(c: Context, cv: number): Response {
  const url = new URL(c.req.url);
  url.searchParams.set("cv", String(cv));
  return c.body(null, 301, { Location: `${url.pathname}?${url.searchParams.toString()}`, "Cache-Control": "no-store" });
}

/**
 * "An unrecognized parameter returns a 422 error with the incorrect parameter name"
 * (storyblok.com/docs/api/content-delivery/v2/migrating-from-v1); Storyblok words it
 * "Parameter(s) … not allowed". Documented parameters this API cannot honour are refused too.
 */
function refusedParameters(c: Context, known: ReadonlySet<string>, filterQuery: boolean): { message: string; issues: { path: string; message: string }[] } | undefined {
  const unknown: string[] = [];
  const unsupported: string[] = [];
  for (const name of new Set(new URL(c.req.url).searchParams.keys())) {
    if (known.has(name) || (filterQuery && name.startsWith("filter_query"))) continue;
    if (name in UNSUPPORTED_PARAMETERS) unsupported.push(name);
    else unknown.push(name);
  }
  if (unknown.length) {
    return { message: `Parameter(s) ${unknown.join(", ")} not allowed`, issues: unknown.map((path) => ({ path, message: "is not a parameter of this endpoint" })) };
  }
  if (unsupported.length) {
    const issues = unsupported.map((path) => ({ path, message: `is not supported: ${UNSUPPORTED_PARAMETERS[path]}` }));
    return { message: `Unprocessable: ${issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}`, issues };
  }
  return undefined;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/**
 * Storyblok's error bodies: `{"error": …}`, but a 404 is a bare array of strings,
 * `["This record could not be found"]` (storyblok-php-client's Management API tests, and what its CDN answers).
 */
function error(c: Context, status: 401 | 404 | 422 | 429 | 500, message: string, issues?: readonly { path: string; message: string }[]): Response {
  const body = status === 404 ? [message] : issues ? { error: message, issues } : { error: message };
  return c.json(body, status, { "Cache-Control": "no-store" });
}

/** `excluding_story_fields`: a comma-separated list, as storyblok-js-client sends it. */
function withoutStoryFieldsOf(fields: string | undefined): (story: CdnStory) => Partial<CdnStory> {
  const excluded = list(fields);
  return excluded?.length ? (story) => withoutStoryFields(story, excluded) : (story) => story;
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
  for (const field of DATE_BOUND_FIELDS) {
    for (const operation of DATE_BOUND_OPERATIONS) {
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
  // A uuid in the path needs find_by=uuid, as on Storyblok: no guessing.
  const [first = "", ...rest] = path.split("/");
  if (rest.length && (first === "es" || first === DEFAULT_LANGUAGE)) {
    const story = store.byFullSlug(rest.join("/"));
    if (story) return { story, language: DEFAULT_LANGUAGE };
  }
  if (store.languages.includes(first) && rest.length) {
    const story = store.byPath(first, rest.join("/"));
    if (story) return { story, language: first };
  }
  return undefined;
}

interface ReferenceParams {
  readonly version: ContentVersion;
  readonly language: string;
  readonly fallbackLanguage?: string;
  readonly resolve_relations?: string;
  readonly resolve_links?: "story" | "url" | "link" | "0" | "1";
  readonly resolve_level?: number;
  readonly resolve_links_level?: number;
  readonly excluding_fields?: string;
}

/**
 * `rels` (resolve_relations) and `links` (resolve_links), or their uuids (`rel_uuids`,
 * `link_uuids`) when there are more than Storyblok resolves inline; the client fetches those.
 */
function resolveReferences(store: ContentStore, delivery: StoryDelivery, stories: readonly CdnStory[], params: ReferenceParams) {
  const deliver = (uuid: string): CdnStory | undefined => {
    const file = store.byUuid(uuid);
    return file && delivery.story(file, params.version, params.language, params.fallbackLanguage);
  };
  const excluding = list(params.excluding_fields);
  const out: { rels: CdnStory[]; links: unknown[]; rel_uuids?: string[]; link_uuids?: string[] } = { rels: [], links: [] };

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
    let uuids = linkedStoryUuids([...stories, ...out.rels]);
    // resolve_links_level=2: the links of the linked stories as well.
    if ((params.resolve_links_level ?? 1) >= 2 && uuids.length <= INLINE_LIMIT) {
      const linked = uuids.flatMap((uuid) => deliver(uuid) ?? []);
      uuids = [...new Set([...uuids, ...linkedStoryUuids(linked)])];
    }
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

/** Redirects a fetch follows before giving up, as browsers and undici do. */
const MAX_REDIRECTS = 20;

/**
 * A fetch over the API's handler, for storyblok-js-client in the same process: the client's
 * `…/v2/cdn/…` URLs reach the handler's own paths, and redirects (the cv redirect) are followed
 * as a network fetch follows them.
 */
export function inProcessFetch(handler: Pick<Hono, "fetch">): typeof fetch {
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    for (let hops = 0; ; hops += 1) {
      const response = await handler.fetch(new Request(`http://localhost${url.pathname.replace(/^\/v2\/cdn/, "")}${url.search}`, init));
      const location = response.headers.get("location");
      if (response.status < 300 || response.status > 399 || !location || hops === MAX_REDIRECTS) return response;
      url = new URL(location.replace(/^\/(?!v2\/cdn)/, "/v2/cdn/"), url);
    }
  };
}
