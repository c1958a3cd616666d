import { Schema } from "effect";
import StoryblokClient, { type ISbStoriesParams } from "storyblok-js-client";
import {
  EventContent,
  GlobalConfig,
  hasRenderableContent,
  isHiddenFromSearch,
  JobOfferContent,
  LOCALE_CODES,
  RestaurantContent,
  SponsorContent,
  type ContentPort,
  type ContentQuery,
  type ContentStory,
  type LocaleCode,
  type Logger,
  type Story,
  type StoryMeta,
} from "../../core";
import { createAnswerCache, type AnswerCacheLimits } from "./answer-cache";
import { createContentMapper } from "./content-mapper";

export interface StoryblokContentOptions {
  /** Reads published content. */
  readonly accessToken: string;
  /** Reads drafts, for the editor's preview; without it draft requests fail. */
  readonly previewToken?: string;
  /** Set for the embedded API (`http://127.0.0.1:PORT/v2`); unset for Storyblok's CDN. */
  readonly endpoint?: string;
  /** Storyblok region of the space (eu, us, ap, ca, cn) when talking to the CDN. */
  readonly region?: string;
  /** SPEC §9: 5 requests/s, or 3 when authenticated with an OAuth token. */
  readonly rateLimit: number;
  readonly logger: Logger;
  /** How often to ask spaces/me whether content was published, in ms (CONTENT_CV_CHECK_MS). */
  readonly contentVersionCheckIntervalMs: number;
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
  /** SPEC §8: with the fallback on, unknown blocks are not logged. */
  readonly fallbackForUnknownBlocks?: boolean;
}

/** SPEC §8: a status outside 200–206 is rejected with its message, status and response. */
export class ContentServiceError extends Error {
  override readonly name = "ContentServiceError";
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly response: unknown,
  ) {
    super(message);
  }
}

/**
 * Answers kept per content version: the embedded site has about 60 stories, each asked for in
 * three locales (and by a few aliases); misses are whatever a visitor types.
 */
const CONTENT_CACHE_LIMITS: AnswerCacheLimits = { found: 2_000, missing: 1_000 };

/** Storyblok's language parameter: the space's default language is Spanish. */
function languageOf(locale: LocaleCode): string {
  return locale === "es" ? "default" : locale;
}

/**
 * The content port on the official storyblok-js-client, for Storyblok's CDN and for the embedded
 * Storyblok-compatible API alike. Responses are cached per content version (cv), within
 * CONTENT_CACHE_LIMITS (answer-cache.ts): a publish changes cv, and the cache is dropped when
 * spaces/me reports a new one or a webhook purges it.
 * The client's own cache is module-level (shared by every instance), so it is switched off.
 */
export function createStoryblokContent(options: StoryblokContentOptions): ContentPort {
  const clientFor = (accessToken: string) =>
    new StoryblokClient({
      accessToken,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.region ? { region: options.region } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      rateLimit: options.rateLimit,
      maxRetries: 10, // SPEC §8: 429 is retried up to 10 times…
      retriesDelay: 300, // …300 ms apart
      cache: { type: "none", clear: "manual" },
    });
  const client = clientFor(options.accessToken);
  const previewClient = options.previewToken ? clientFor(options.previewToken) : undefined;
  const clientOf = (query: ContentQuery) => {
    if (query.version === "published") return client;
    if (!previewClient) throw new ContentServiceError("Draft content needs a preview token", 401, undefined);
    return previewClient;
  };
  const mapper = createContentMapper({ logger: options.logger, fallbackForUnknownBlocks: options.fallbackForUnknownBlocks ?? false });
  const now = options.now ?? Date.now;
  const cache = createAnswerCache(CONTENT_CACHE_LIMITS);
  let contentVersion: number | undefined;
  let contentVersionCheckedAt = Number.NEGATIVE_INFINITY;

  /**
   * The space's cv, asked of spaces/me at most every contentVersionCheckIntervalMs (a request past it waits
   * for the answer, others meanwhile take the known one): every instance polls, so a publish is
   * served by all of them whichever one its webhook reached. A failed check keeps the known cv.
   */
  async function currentContentVersion(): Promise<number> {
    if (contentVersion !== undefined && now() - contentVersionCheckedAt < options.contentVersionCheckIntervalMs) return contentVersion;
    contentVersionCheckedAt = now();
    let next: number;
    try {
      const response = await call(() => client.get("cdn/spaces/me", {}));
      next = Number((response.data as { space?: { version?: unknown } }).space?.version ?? 0);
    } catch (error) {
      if (contentVersion === undefined) throw error;
      options.logger.warn("content.cv-check-failed", { error: String(error), cv: contentVersion });
      return contentVersion;
    }
    if (contentVersion !== undefined && next !== contentVersion) cache.clear();
    contentVersion = next;
    return contentVersion;
  }

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const failure = error as { message?: string; status?: number; response?: unknown; statusText?: string };
      throw new ContentServiceError(failure.message ?? failure.statusText ?? "Content service request failed", failure.status, failure.response ?? error);
    }
  }

  /** Published responses are cached per cv; drafts (preview) never are. */
  async function cached<T>(key: string, query: ContentQuery, load: (contentVersionNow: number) => Promise<T>): Promise<T> {
    const contentVersionNow = await currentContentVersion();
    if (query.version === "draft") return load(contentVersionNow);
    return cache.answer(`${contentVersionNow}:${query.locale}:${key}`, () => load(contentVersionNow));
  }

  const baseParams = (query: ContentQuery, contentVersionNow: number): ISbStoriesParams => ({
    version: query.version,
    language: languageOf(query.locale),
    cv: contentVersionNow,
  });

  // The answers below are cached already decoded (per cv), so a cached page costs no decoding.
  async function storyBySlug(fullSlug: string, query: ContentQuery, contentVersionNow: number, extra: ISbStoriesParams = {}): Promise<Story | null> {
    try {
      const response = await call(() => clientOf(query).getStory(fullSlug, { ...baseParams(query, contentVersionNow), resolve_links: "url", ...extra }));
      // The client has already put the related stories in place of their uuids (resolve_relations).
      return response.data.story as unknown as Story;
    } catch (error) {
      if (error instanceof ContentServiceError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Every story of a content type in a folder; pages of 100 until the total is reached. SPEC §9's
   * page size is 25, but a listing needs the whole folder (it filters and pages by date itself):
   * 100, the CDN's largest page, asks a quarter as many requests of the 5-a-second quota.
   */
  async function allOf(folder: string, contentType: string, query: ContentQuery, contentVersionNow: number, sortBy: string): Promise<Story[]> {
    const stories: Story[] = [];
    for (let page = 1; ; page += 1) {
      const response = await call(() =>
        clientOf(query).get("cdn/stories", { ...baseParams(query, contentVersionNow), starts_with: folder, content_type: contentType, sort_by: sortBy, per_page: 100, page }),
      );
      const batch = (response.data as { stories?: Story[] }).stories ?? [];
      stories.push(...batch);
      if (batch.length < 100 || stories.length >= (response.total ?? 0)) return stories;
    }
  }

  /** What the mapper's once-per-story-and-version warnings name as the version. */
  const versionOf = (query: ContentQuery, contentVersionNow: number | undefined) => `${query.version}@${contentVersionNow ?? ""}`;

  function typed<C>(schema: Schema.Codec<C, unknown>, stories: readonly Story[], version: string): ContentStory<C>[] {
    const decode = Schema.decodeUnknownResult(schema);
    return stories.flatMap((story) => {
      const result = decode(mapper.withDecodedBloks(story.content, story.full_slug, version));
      if (result._tag === "Success") return [{ meta: metaOf(story), content: result.success }];
      options.logger.error("content.invalid-story", { story: story.full_slug, issue: String(result.failure) });
      return [];
    });
  }

  return {
    page(fullSlug, query) {
      return cached(`page:${fullSlug}`, query, async (contentVersionNow) => {
        const story = await storyBySlug(fullSlug, query, contentVersionNow);
        if (!story || story.content.component !== "page") return null;
        const page = mapper.page(story.content, story.full_slug, versionOf(query, contentVersionNow));
        return page ? { meta: metaOf(story), content: page } : null;
      });
    },

    event(slug, query) {
      return cached(`event:${slug}`, query, async (contentVersionNow) => {
        const story = await storyBySlug(`events/${slug}`, query, contentVersionNow, { resolve_relations: "event.related_events" });
        if (!story || story.content.component !== "event") return null;
        const [event] = typed(EventContent, [story], versionOf(query, contentVersionNow));
        if (!event) return null;
        const relatedStories = (Array.isArray(story.content.related_events) ? story.content.related_events : []).filter(
          (related): related is Story => typeof related === "object" && related !== null && "content" in related,
        );
        return { ...event, related: typed(EventContent, relatedStories, versionOf(query, contentVersionNow)) };
      });
    },

    events(query) {
      return cached("events", query, async (contentVersionNow) => typed(EventContent, await allOf("events/", "event", query, contentVersionNow, "content.date_from:asc"), versionOf(query, contentVersionNow)));
    },
    restaurants(query) {
      return cached("restaurants", query, async (contentVersionNow) => typed(RestaurantContent, await allOf("restaurants/", "restaurant", query, contentVersionNow, "position:asc"), versionOf(query, contentVersionNow)));
    },
    sponsors(query) {
      return cached("sponsors", query, async (contentVersionNow) => typed(SponsorContent, await allOf("sponsors/", "sponsor", query, contentVersionNow, "position:asc"), versionOf(query, contentVersionNow)));
    },
    jobOffers(query) {
      return cached("job-offers", query, async (contentVersionNow) => typed(JobOfferContent, await allOf("jobs/", "job_offer", query, contentVersionNow, "created_at:desc"), versionOf(query, contentVersionNow)));
    },

    globalConfig(query) {
      return cached("global-config", query, async (contentVersionNow) => {
        const story = await storyBySlug("config/global", query, contentVersionNow);
        return story ? (typed(GlobalConfig, [story], versionOf(query, contentVersionNow))[0]?.content ?? null) : null;
      });
    },

    sitemap() {
      const query: ContentQuery = { locale: "es", version: "published" };
      return cached("sitemap", query, async (contentVersionNow) => {
        const [pages, events] = await Promise.all([allOf("", "page", query, contentVersionNow, "position:asc"), allOf("events/", "event", query, contentVersionNow, "content.date_from:asc")]);
        // A page with nothing this site can render is a 404 for visitors (page-content.ops.ts): not listed either.
        const listed = pages.filter((story) => {
          if (isHiddenFromSearch(story.content)) return false;
          const page = mapper.page(story.content, story.full_slug, versionOf(query, contentVersionNow));
          return page !== null && hasRenderableContent(page);
        });
        return [...listed, ...events].map(metaOf);
      });
    },

    cacheVersion: currentContentVersion,

    decodePage(content) {
      return mapper.page(content, "preview", versionOf({ locale: "es", version: "draft" }, contentVersion));
    },

    purge() {
      cache.clear();
      contentVersionCheckedAt = Number.NEGATIVE_INFINITY;
    },
  };
}

function metaOf(story: Story): StoryMeta {
  const translatedNames: Partial<Record<LocaleCode, string>> = { es: story.name };
  for (const translation of story.translated_slugs ?? []) {
    const code = LOCALE_CODES.find((candidate) => candidate === translation.lang);
    if (code && translation.name) translatedNames[code] = translation.name;
  }
  return {
    uuid: story.uuid,
    slug: story.slug,
    fullSlug: story.full_slug,
    name: story.name,
    publishedAt: story.published_at ?? undefined,
    translatedNames,
  };
}
