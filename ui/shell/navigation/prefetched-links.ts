import { prefetch } from "vike/client/router";
import { isNonPagePath } from "../../../core";

/** SPEC §9's class of a link whose page was prefetched. */
export const PREFETCHED_CLASS = "is-prefetched";

/**
 * Vike prefetches a page's code when a link to it is hovered or touched (its default
 * `prefetchStaticAssets: 'hover'`) but says nothing when it is done: the same prefetch is asked for
 * here, on those events and on keyboard focus, and once it is done every link to that page gets
 * `is-prefetched`. A page's code is fetched once: Vike's import and this one are the same.
 */
export function markPrefetchedLinks(root: Document): void {
  const done = new Set<string>();
  const mark = (href: string) => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      if (link.getAttribute("href") === href) link.classList.add(PREFETCHED_CLASS);
    }
  };
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    const href = link?.getAttribute("href");
    if (!link || !href || !isPagePrefetchable(link, href) || done.has(href)) return;
    done.add(href);
    prefetch(href).then(
      () => mark(href),
      () => done.delete(href),
    );
  };
  for (const type of ["mouseover", "touchstart", "focusin"]) root.addEventListener(type, onIntent, { passive: true });
}

/** A link Vike's router follows: a page of this site, in this tab. */
function isPagePrefetchable(link: HTMLAnchorElement, href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !isNonPagePath(href.split(/[?#]/)[0] ?? href) && link.target === "" && link.dataset.vike !== "false";
}
