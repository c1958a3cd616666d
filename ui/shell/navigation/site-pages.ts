import { routes } from "../../../core";

/**
 * The site's sections as the app knows them, for the built-in menus when the CMS's global config
 * story is missing. Sections are CMS pages, named by their slug, or the account pages. Labels are
 * i18n keys.
 */
export interface SitePage {
  readonly id: string;
  readonly path: string;
  readonly navKey: string;
}

export const SITE_PAGES = [
  { id: "home", path: routes.content.path({ slug: "" }), navKey: "nav.home" },
  { id: "events", path: routes.content.path({ slug: "events" }), navKey: "nav.events" },
  { id: "restaurants", path: routes.content.path({ slug: "restaurants" }), navKey: "nav.restaurants" },
  { id: "hospitality", path: routes.content.path({ slug: "hospitality" }), navKey: "nav.hospitality" },
  { id: "sponsors", path: routes.content.path({ slug: "sponsors" }), navKey: "nav.sponsors" },
  { id: "jobs", path: routes.content.path({ slug: "jobs" }), navKey: "nav.jobs" },
  { id: "contact", path: routes.content.path({ slug: "contact" }), navKey: "nav.contact" },
  { id: "faq", path: routes.content.path({ slug: "faq" }), navKey: "nav.faq" },
  { id: "login", path: routes.login.path(), navKey: "nav.login" },
  { id: "register", path: routes.register.path(), navKey: "nav.register" },
  { id: "privacy", path: routes.content.path({ slug: "privacy-policy" }), navKey: "footer.privacy" },
  { id: "cookies", path: routes.content.path({ slug: "cookie-policy" }), navKey: "footer.cookies" },
  { id: "legal-notice", path: routes.content.path({ slug: "legal-notice" }), navKey: "footer.legalNotice" },
] as const satisfies readonly SitePage[];

export type SitePageId = (typeof SITE_PAGES)[number]["id"];

export function sitePage(id: SitePageId): SitePage {
  const page = SITE_PAGES.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`Unknown site page ${id}`);
  return page;
}

/** The main navigation's entries, in order. */
export const MAIN_NAVIGATION: readonly SitePageId[] = ["events", "restaurants", "hospitality", "sponsors", "jobs", "contact"];
export const LEGAL_NAVIGATION: readonly SitePageId[] = ["privacy", "cookies", "legal-notice"];
