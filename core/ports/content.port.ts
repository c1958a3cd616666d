import type { Story, ContentVersion } from "../domain/content/story.schema";
import type { LocaleCode } from "../domain/locale/locale.schema";

export interface StoryQuery {
  readonly locale: LocaleCode;
  readonly version: ContentVersion;
}

export interface StoriesQuery extends StoryQuery {
  /** A folder, e.g. "events/". */
  readonly startsWith?: string;
  readonly contentType?: string;
  readonly page?: number;
  readonly perPage?: number;
  readonly sortBy?: string;
  /** Content fields to filter on, Storyblok's filter_query (e.g. { category: { in: "concert" } }). */
  readonly filterQuery?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly byUuids?: readonly string[];
  readonly resolveRelations?: readonly string[];
}

export interface StoriesPage {
  readonly stories: readonly Story[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

/**
 * What pages need from the headless CMS (SPEC §1, §7). Production: Storyblok's CDN; embedded:
 * the same client against the server's own Storyblok-compatible API.
 */
export interface ContentPort {
  /** A story by full slug, or null when there is none. Relations named in the query are resolved inline. */
  story(fullSlug: string, query: StoryQuery & { readonly resolveRelations?: readonly string[] }): Promise<Story | null>;
  stories(query: StoriesQuery): Promise<StoriesPage>;
  /** The space's cache version; content responses are cached per cv. */
  cacheVersion(): Promise<number>;
  /** Forgets cached responses (a publish webhook calls this). */
  purge(): void;
}
