import { collapseSlashes } from "./same-site-path.ops";

/**
 * SPEC §2: page paths carry a trailing slash, and one slash between segments. Returns the
 * canonical form of `pathname + search` (repeated slashes and backslashes collapsed, the trailing
 * slash added), or undefined when the path is already canonical or is not a page path (files such
 * as /robots.txt, and the APIs). The result is always a same-site path: never `//host`.
 */
export function pagePathRedirect(pathname: string, search: string): string | undefined {
  const collapsed = collapseSlashes(pathname);
  if (isNonPagePath(collapsed)) return collapsed === pathname ? undefined : `${collapsed}${search}`;
  const canonical = collapsed.endsWith("/") ? collapsed : `${collapsed}/`;
  return canonical === pathname ? undefined : `${canonical}${search}`;
}

// /a/ holds content assets (and image-service variants such as …/photo.jpg/m/640x0).
const NON_PAGE_PREFIXES = ["/api/", "/v2/", "/a/", "/assets/", "/_build/", "/@", "/__"];

export function isNonPagePath(pathname: string): boolean {
  if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  // Anything with an extension is a file: /robots.txt, /favicon.ico, /x.pageContext.json.
  return /\.[a-z0-9]+$/i.test(lastSegment);
}
