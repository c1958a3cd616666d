import { routes } from "../routing/routes";
import type { Multilink } from "./link.schema";

/**
 * Where a story lives on the site (a logical path, before the locale prefix). Content pages sit
 * under `pages/` in the CMS and at the root of the site; events have their own route.
 */
export function logicalPathOfStory(fullSlug: string): string {
  const slug = fullSlug.replace(/^\/+|\/+$/g, "");
  if (slug === "" || slug === "home") return routes.content.path({ slug: "" });
  if (slug.startsWith("pages/")) return routes.content.path({ slug: slug.slice("pages/".length) });
  if (slug.startsWith("events/")) return routes.event.path({ id: slug.slice("events/".length) });
  // Restaurants, jobs and sponsors are entries of their listing page, each under its own anchor.
  for (const listing of ["restaurants", "jobs", "sponsors"]) {
    if (slug.startsWith(`${listing}/`)) return `${routes.content.path({ slug: listing })}#${slug.slice(listing.length + 1)}`;
  }
  return routes.content.path({ slug });
}

/** The CMS full slug of the content page at a logical path (the inverse for pages). */
export function pageSlugOfPath(logicalPath: string): string {
  const path = logicalPath.replace(/^\/+|\/+$/g, "");
  return path === "" ? "home" : `pages/${path}`;
}

/**
 * Every CMS full slug the content page at a logical path may have, in the order to try them: under
 * `pages/` (this site's folder for pages), then at the root of the space, where Storyblok puts a
 * new story (`about` answers /about/). `home` and anything under `pages/` are never tried at the
 * root: they already have their own path, and a page has one URL.
 */
export function pageSlugsOfPath(logicalPath: string): readonly string[] {
  const path = logicalPath.replace(/^\/+|\/+$/g, "");
  const inPages = pageSlugOfPath(path);
  if (path === "" || path === "home" || path === "pages" || path.startsWith("pages/")) return [inPages];
  return [inPages, path];
}

export type LinkTarget =
  | { readonly kind: "internal"; readonly logicalPath: string }
  | { readonly kind: "external"; readonly href: string }
  /** A `mailto:` or `tel:` address: the mail program or the phone takes it, no tab of its own. */
  | { readonly kind: "contact"; readonly href: string }
  | { readonly kind: "asset"; readonly href: string }
  | { readonly kind: "none" };

// A single leading slash is this site; "//host" is another site without a scheme.
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** SPEC §3 multilink → where it goes. Unsafe schemes (javascript:, data:) go nowhere. */
export function linkTarget(link: Multilink | undefined | null): LinkTarget {
  if (!link) return { kind: "none" };
  const anchor = link.anchor ? `#${link.anchor}` : "";
  switch (link.linktype) {
    case "story": {
      const slug = link.story?.full_slug ?? link.cached_url ?? "";
      if (!slug && !link.id) return { kind: "none" };
      const path = logicalPathOfStory(slug);
      return { kind: "internal", logicalPath: anchor && !path.includes("#") ? `${path}${anchor}` : path };
    }
    case "email": {
      const email = link.email ?? link.url ?? "";
      return email ? { kind: "contact", href: `mailto:${email.replace(/^mailto:/i, "")}` } : { kind: "none" };
    }
    case "asset":
    case "url": {
      const href = link.url || link.cached_url || link.href || "";
      if (!href || !SAFE_URL.test(href)) return { kind: "none" };
      if (link.linktype === "asset") return { kind: "asset", href };
      if (/^(tel|mailto):/i.test(href)) return { kind: "contact", href };
      return (href.startsWith("/") && !href.startsWith("//")) || href.startsWith("#")
        ? { kind: "internal", logicalPath: `${href}${anchor}` }
        : { kind: "external", href: `${href}${anchor}` };
    }
  }
}

/** Whether an href may be put in a page at all (rich-text link marks, iframes). */
export function isSafeHref(href: string): boolean {
  return SAFE_URL.test(href.trim());
}
