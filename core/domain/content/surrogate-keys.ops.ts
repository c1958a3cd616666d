/**
 * Surrogate keys: the names a shared page's answer carries (`Surrogate-Key`) for what it was built
 * from, so that a publish purges from a CDN exactly the pages that show the story, and no others.
 */

/** On every shared page: the header, menus and footer come from `config/global`. */
export const SITE_KEY = "site";

/** The folders whose stories a listing block shows, each its own key. */
export const LISTED_FOLDERS = ["events", "restaurants", "sponsors", "jobs"] as const;
export type ListedFolder = (typeof LISTED_FOLDERS)[number];

const GLOBAL_CONFIG = "config/global";

/** The key of one story, by its full slug (letters, digits, `-`, `_` and `/`: one token, and no regex character for a cache's ban). */
export function storyKey(fullSlug: string): string {
  return `story:${fullSlug.replace(/^\/+|\/+$/g, "").replace(/[^A-Za-z0-9/_-]/g, "_")}`;
}

export function listingKey(folder: ListedFolder): string {
  return `listing:${folder}`;
}

/** What a shared page was built from: its own stories, the folders its listings show, and the site. */
export function pageSurrogateKeys(built: { readonly stories: readonly string[]; readonly listings: readonly ListedFolder[] }): string {
  const keys = new Set([SITE_KEY, ...built.stories.map(storyKey), ...built.listings.map(listingKey)]);
  return [...keys].join(" ");
}

/**
 * The keys a publish (or unpublish) of the story at `fullSlug` makes stale: the story's own pages,
 * and every listing of its folder; the global config is on every page. An unknown story (a
 * webhook without a slug) may be anywhere: every page.
 */
export function publishedSurrogateKeys(fullSlug: string | undefined): readonly string[] {
  const slug = fullSlug?.replace(/^\/+|\/+$/g, "");
  if (!slug || slug === GLOBAL_CONFIG) return [SITE_KEY];
  const folder = LISTED_FOLDERS.find((candidate) => slug.startsWith(`${candidate}/`));
  return folder ? [storyKey(slug), listingKey(folder)] : [storyKey(slug)];
}
