/**
 * The site's content pages until the CMS provides them (the content issue replaces this list with
 * stories): logical path, navigation label and head texts, as i18n keys.
 */
export interface SitePage {
  readonly id: string;
  readonly path: string;
  readonly navKey: string;
  readonly titleKey: string;
  readonly descriptionKey: string;
}

export const SITE_PAGES = [
  { id: "home", path: "/", navKey: "nav.home", titleKey: "page.home.title", descriptionKey: "page.home.description" },
  { id: "events", path: "/events/", navKey: "nav.events", titleKey: "page.events.title", descriptionKey: "page.events.description" },
  { id: "restaurants", path: "/restaurants/", navKey: "nav.restaurants", titleKey: "page.restaurants.title", descriptionKey: "page.restaurants.description" },
  { id: "hospitality", path: "/hospitality/", navKey: "nav.hospitality", titleKey: "page.hospitality.title", descriptionKey: "page.hospitality.description" },
  { id: "sponsors", path: "/sponsors/", navKey: "nav.sponsors", titleKey: "page.sponsors.title", descriptionKey: "page.sponsors.description" },
  { id: "jobs", path: "/jobs/", navKey: "nav.jobs", titleKey: "page.jobs.title", descriptionKey: "page.jobs.description" },
  { id: "contact", path: "/contact/", navKey: "nav.contact", titleKey: "page.contact.title", descriptionKey: "page.contact.description" },
  { id: "faq", path: "/faq/", navKey: "nav.faq", titleKey: "page.faq.title", descriptionKey: "page.faq.description" },
  { id: "login", path: "/login/", navKey: "nav.login", titleKey: "page.login.title", descriptionKey: "page.login.description" },
  { id: "register", path: "/register/", navKey: "nav.register", titleKey: "page.register.title", descriptionKey: "page.register.description" },
  { id: "privacy", path: "/privacy-policy/", navKey: "footer.privacy", titleKey: "page.privacy.title", descriptionKey: "page.privacy.description" },
  { id: "cookies", path: "/cookie-policy/", navKey: "footer.cookies", titleKey: "page.cookies.title", descriptionKey: "page.cookies.description" },
  { id: "legal-notice", path: "/legal-notice/", navKey: "footer.legalNotice", titleKey: "page.legalNotice.title", descriptionKey: "page.legalNotice.description" },
] as const satisfies readonly SitePage[];

export type SitePageId = (typeof SITE_PAGES)[number]["id"];

export function sitePageAt(logicalPath: string): SitePage | undefined {
  return SITE_PAGES.find((page) => page.path === logicalPath);
}

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
