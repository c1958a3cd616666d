/** SPEC §2: the query parameters a canonical URL keeps by default. */
export const CANONICAL_QUERY_PARAMETERS = ["search", "page"] as const;

/** The canonical URL of a page: the same path with only the allowed query parameters, in a stable order. */
export function canonicalUrl(
  origin: string,
  pathname: string,
  search: string,
  allowed: readonly string[] = CANONICAL_QUERY_PARAMETERS,
): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of allowed) {
    const value = params.get(name);
    if (value !== null && value !== "") kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${pathname}${query ? `?${query}` : ""}`;
}
