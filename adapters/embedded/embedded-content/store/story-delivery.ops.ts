import { DEFAULT_LANGUAGE, localizeContent, type ContentVersion } from "../../../../core";
import type { ContentStore, StoryContent } from "./content-store.adapter";
import type { StoryFile } from "./story-file.schema";

/** A translated slug as the Content Delivery API lists it: the full path in that language. */
export interface CdnTranslatedSlug {
  readonly path: string;
  readonly name: string | null;
  readonly lang: string;
  readonly published: boolean;
}

/** The Content Delivery API's story object (storyblok.com/docs/api/content-delivery/v2/stories/the-story-object). */
export interface CdnStory {
  readonly name: string;
  readonly created_at: string | null;
  readonly published_at: string | null;
  readonly updated_at: string | null;
  readonly id: number;
  readonly uuid: string;
  readonly content: StoryContent;
  readonly slug: string;
  readonly full_slug: string;
  readonly sort_by_date: string | null;
  readonly position: number;
  readonly tag_list: readonly string[];
  readonly is_startpage: boolean;
  readonly parent_id: number | null;
  readonly meta_data: unknown;
  readonly group_id: string;
  readonly first_published_at: string | null;
  readonly release_id: null;
  /** "default" or the requested language. */
  readonly lang: string;
  readonly path: string | null;
  readonly alternates: readonly Readonly<Record<string, unknown>>[];
  readonly default_full_slug: string | null;
  /** Null when the space has no translated slugs (Storyblok's Translatable Slugs app). */
  readonly translated_slugs: readonly CdnTranslatedSlug[] | null;
}

/** A field-level translation of a link (the link object's `alternates`). */
export interface CdnLinkAlternate {
  readonly path: string;
  readonly name: string | null;
  readonly lang: string;
  readonly published: boolean;
  readonly translated_slug: string;
}

/** The link object (storyblok.com/docs/api/content-delivery/v2/links/the-link-object). */
export interface CdnLink {
  readonly id: number;
  readonly uuid: string;
  readonly slug: string;
  readonly path: string | null;
  readonly parent_id: number | null;
  readonly name: string;
  readonly is_folder: boolean;
  readonly published: boolean;
  readonly is_startpage: boolean;
  readonly position: number;
  readonly real_path: string;
  readonly alternates: readonly CdnLinkAlternate[];
  readonly published_at?: string | null;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
}

/**
 * What `resolve_links=url` returns for a linked story. `url` is the story's path in the requested
 * language (its translated slugs); `full_slug` stays the default one.
 */
export interface CdnUrlLink {
  readonly id: number;
  readonly uuid: string;
  readonly name: string;
  readonly slug: string;
  readonly full_slug: string;
  readonly url: string;
}

export interface StoryDelivery {
  /** The story as the API shows it in a version and language, or undefined when that version has none. */
  story(story: StoryFile, version: ContentVersion, language: string, fallbackLanguage?: string): CdnStory | undefined;
  link(story: StoryFile, options?: { readonly includeDates?: boolean }): CdnLink;
  urlLink(story: StoryFile, language: string): CdnUrlLink;
}

/**
 * Turns stored stories into API objects; localised content is computed once per story, version and
 * language. `spaceId` is the space the drafts' `_editable` marks name (the API's spaces/me id).
 */
export function createStoryDelivery(store: ContentStore, spaceId: number | undefined = store.spaceId): StoryDelivery {
  const memo = new Map<string, CdnStory | null>();
  // A space without translated slugs answers `translated_slugs: null` (storyblok-php-client's tests/Data/v2/stories.json).
  const spaceHasTranslatedSlugs = store.entries.some((story) => (story.translated_slugs?.length ?? 0) > 0);

  const translatedSlugs = (story: StoryFile): CdnTranslatedSlug[] =>
    store.languages.map((lang) => ({
      path: store.pathIn(story, lang),
      name: story.translated_slugs?.find((slug) => slug.lang === lang)?.name ?? null,
      lang,
      published: Boolean(story.published),
    }));

  return {
    story(story, version, language, fallbackLanguage) {
      const key = `${version}:${language}:${fallbackLanguage ?? ""}:${story.id}`;
      const known = memo.get(key);
      if (known !== undefined) return known ?? undefined;
      const content = store.contentOf(story, version);
      // "Storyblok adds _editable to every block of a draft" (issue 55): published answers have none.
      const marked = (localized: StoryContent) => (version === "draft" ? withEditableMarks(localized, story.id, spaceId) : localized);
      const delivered: CdnStory | null = content
        ? {
            name: story.name,
            created_at: story.created_at ?? null,
            published_at: story.published ? (story.published_at ?? null) : null,
            updated_at: story.updated_at ?? null,
            id: story.id,
            uuid: story.uuid,
            content: marked(localizeContent(content, language, fallbackLanguage)),
            slug: story.slug,
            full_slug: story.full_slug,
            sort_by_date: story.sort_by_date ?? null,
            position: story.position ?? 0,
            tag_list: story.tag_list ?? [],
            is_startpage: Boolean(story.is_startpage),
            parent_id: story.parent_id ?? null,
            meta_data: story.meta_data ?? null,
            // A story pulled without one (this site's own content) is its own group.
            group_id: story.group_id ?? story.uuid,
            first_published_at: story.first_published_at ?? null,
            release_id: null,
            lang: language,
            path: story.path ?? null,
            alternates: story.alternates ?? [],
            default_full_slug: language === DEFAULT_LANGUAGE ? null : story.full_slug,
            translated_slugs: spaceHasTranslatedSlugs ? translatedSlugs(story) : null,
          }
        : null;
      memo.set(key, delivered);
      return delivered ?? undefined;
    },

    link(story, options = {}) {
      return {
        id: story.id,
        uuid: story.uuid,
        slug: story.full_slug,
        path: story.path ?? null,
        parent_id: story.parent_id ?? null,
        name: story.name,
        is_folder: Boolean(story.is_folder),
        published: Boolean(story.published),
        is_startpage: Boolean(story.is_startpage),
        position: story.position ?? 0,
        // "the full slug … with a leading /, or, if existent, the value of the real path" (docs: the link object).
        real_path: story.path ? `/${story.path.replace(/^\//, "")}` : `/${story.full_slug}`,
        alternates: store.languages.map((lang) => ({
          path: store.pathIn(story, lang),
          name: story.translated_slugs?.find((slug) => slug.lang === lang)?.name ?? null,
          lang,
          published: Boolean(story.published),
          translated_slug: story.translated_slugs?.find((slug) => slug.lang === lang && slug.slug)?.slug ?? story.slug,
        })),
        ...(options.includeDates
          ? { published_at: story.published_at ?? null, created_at: story.created_at ?? null, updated_at: story.updated_at ?? null }
          : {}),
      };
    },

    urlLink(story, language) {
      return { id: story.id, uuid: story.uuid, name: story.name, slug: story.slug, full_slug: story.full_slug, url: store.pathIn(story, language) };
    },
  };
}

/**
 * A draft's blocks as Storyblok answers them, each with its `_editable` mark for the visual editor
 * (storyblokEditable reads it): `<!--#storyblok#{"name": "teaser", "space": "291223", "uid": "cb08…",
 * "id": "506179015"}-->`, the block's component and uid, the space and the story's id, on every block
 * at any depth, the content type's own included.
 */
export function withEditableMarks(content: StoryContent, storyId: number, spaceId: number | undefined): StoryContent {
  const mark = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mark);
    if (!value || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const marked = Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, mark(inner)]));
    if (typeof record.component !== "string" || typeof record._uid !== "string") return marked;
    const fields = `{"name": ${JSON.stringify(record.component)}, "space": "${spaceId ?? ""}", "uid": ${JSON.stringify(record._uid)}, "id": "${storyId}"}`;
    return { ...marked, _editable: `<!--#storyblok#${fields}-->` };
  };
  return mark(content) as StoryContent;
}
