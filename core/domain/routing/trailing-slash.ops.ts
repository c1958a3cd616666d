/**
 * SPEC §2: page paths carry a trailing slash. Returns the slash form of `pathname + search`, or
 * undefined when it already has one or is not a page path (files such as /robots.txt, and the APIs).
 */
export function trailingSlashRedirect(pathname: string, search: string): string | undefined {
  if (pathname.endsWith("/")) return undefined;
  if (isNonPagePath(pathname)) return undefined;
  return `${pathname}/${search}`;
}

// /a/ holds content assets (and image-service variants such as …/photo.jpg/m/640x0).
const NON_PAGE_PREFIXES = ["/api/", "/v2/", "/a/", "/assets/", "/_build/", "/@", "/__"];

export function isNonPagePath(pathname: string): boolean {
  if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  // Anything with an extension is a file: /robots.txt, /favicon.ico, /x.pageContext.json.
  return /\.[a-z0-9]+$/i.test(lastSegment);
}
