import type { PageContext } from "vike/types";

/** The catch-all content page (SPEC §2): any path, any number of segments, the empty slug being home. */
export default function route(pageContext: PageContext) {
  return { match: true, precedence: -1, routeParams: { slug: pageContext.urlPathname.replace(/^\/|\/$/g, "") } };
}
