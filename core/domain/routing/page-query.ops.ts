/**
 * The query parameters that change what a page shows: SPEC §2's `search` and `page`, and the
 * events listing's `category`. Links the server renders keep these and only these, and they alone
 * make a page's cache key, so nothing else a visitor sends can reach a page shared with others.
 */
export const PAGE_STATE_PARAMETERS = ["search", "page", "category"] as const;
export type PageStateParameter = (typeof PAGE_STATE_PARAMETERS)[number];

/** The page-state parameters of a query, in a stable order; empty values count as absent. */
export function pageState(search: URLSearchParams | Readonly<Record<string, string>>): Partial<Record<PageStateParameter, string>> {
  const read = (name: string) => (search instanceof URLSearchParams ? search.get(name) : Object.hasOwn(search, name) ? search[name] : undefined);
  const state: Partial<Record<PageStateParameter, string>> = {};
  for (const name of PAGE_STATE_PARAMETERS) {
    const value = read(name);
    if (value) state[name] = value;
  }
  return state;
}

/** `?search=…&page=…` with the page-state parameters only, or "" when there are none. */
export function pageStateQuery(search: URLSearchParams | Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(pageState(search)).toString();
  return query ? `?${query}` : "";
}

/** Whether each page-state parameter appears once at most: `?page=2&page=3` is no page of the site. */
export function hasSinglePageState(search: URLSearchParams): boolean {
  return PAGE_STATE_PARAMETERS.every((name) => search.getAll(name).length <= 1);
}
