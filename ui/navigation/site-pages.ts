/**
 * The site's sections as the app knows them: the built-in menus when the CMS's global config
 * story is missing, and the account pages' paths. Labels are i18n keys.
 */
export interface SitePage {
  readonly id: string;
  readonly path: string;
  readonly navKey: string;
}

export const SITE_PAGES = [
  { id: "home", path: "/", navKey: "nav.home" },
  { id: "events", path: "/events/", navKey: "nav.events" },
  { id: "restaurants", path: "/restaurants/", navKey: "nav.restaurants" },
  { id: "hospitality", path: "/hospitality/", navKey: "nav.hospitality" },
  { id: "sponsors", path: "/sponsors/", navKey: "nav.sponsors" },
  { id: "jobs", path: "/jobs/", navKey: "nav.jobs" },
  { id: "contact", path: "/contact/", navKey: "nav.contact" },
  { id: "faq", path: "/faq/", navKey: "nav.faq" },
  { id: "login", path: "/login/", navKey: "nav.login" },
  { id: "register", path: "/register/", navKey: "nav.register" },
  { id: "privacy", path: "/privacy-policy/", navKey: "footer.privacy" },
  { id: "cookies", path: "/cookie-policy/", navKey: "footer.cookies" },
  { id: "legal-notice", path: "/legal-notice/", navKey: "footer.legalNotice" },
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

/** Where the dashboard guard sends anonymous visitors. */
export const LOGIN_PATH = "/login/";
export const DASHBOARD_PATH = "/dashboard/";
