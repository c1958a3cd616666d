import type { Block, Page } from "../domain/content/block.schema";
import type { EventContent, GlobalConfig, JobOfferContent, RestaurantContent, SponsorContent } from "../domain/content/content-types.schema";
import type { ContentVersion, StoryMeta } from "../domain/content/story.schema";
import type { LocaleCode } from "../domain/locale/locale.settings";

export interface ContentQuery {
  readonly locale: LocaleCode;
  /** Published for visitors; draft for editors previewing (SPEC §4). */
  readonly version: ContentVersion;
}

export interface ContentStory<C> {
  readonly meta: StoryMeta;
  readonly content: C;
}

export interface EventStory extends ContentStory<EventContent> {
  /** Related events (SPEC §3), resolved through the story's relations. */
  readonly related: readonly ContentStory<EventContent>[];
}

/**
 * What pages need from the headless CMS (SPEC §1, §7), in the site's own terms. Production:
 * Storyblok's CDN; embedded: the same client against the server's own Storyblok-compatible API.
 * Content arrives decoded with the core's schemas; an unknown block is an `unknown` block.
 */
export interface ContentPort {
  page(fullSlug: string, query: ContentQuery): Promise<ContentStory<Page> | null>;
  event(slug: string, query: ContentQuery): Promise<EventStory | null>;
  /** Every event, soonest first. An arena publishes a few hundred a year at most. */
  events(query: ContentQuery): Promise<readonly ContentStory<EventContent>[]>;
  restaurants(query: ContentQuery): Promise<readonly ContentStory<RestaurantContent>[]>;
  sponsors(query: ContentQuery): Promise<readonly ContentStory<SponsorContent>[]>;
  jobOffers(query: ContentQuery): Promise<readonly ContentStory<JobOfferContent>[]>;
  globalConfig(query: ContentQuery): Promise<GlobalConfig | null>;
  /** Every published page and event, for the sitemap; not the pages hidden from search engines. */
  sitemap(): Promise<readonly StoryMeta[]>;
  /** The space's cache version; responses are cached per cv. */
  cacheVersion(): Promise<number>;
  /** Forgets cached responses (the publish webhook calls this). */
  purge(): void;
  /** A page's content as the editor's bridge sends it while typing, decoded like stored content. */
  decodePage(content: unknown): Page | null;
}

export type { Block, StoryMeta };
