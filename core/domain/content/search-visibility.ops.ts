/**
 * Whether an editor hid a page from search engines (its `no_index` box: a style guide, a
 * campaign's page sent by mail). Visitors still open it by its address; search engines are told
 * not to index it, and the sitemap leaves it out. Takes a story's content as stored or decoded.
 */
export function isHiddenFromSearch(content: unknown): boolean {
  return typeof content === "object" && content !== null && (content as { readonly no_index?: unknown }).no_index === true;
}
