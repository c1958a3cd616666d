import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE_SETTINGS, localisePath, type LocaleCode } from "../../../core";

/**
 * What content components need to know about the page they are on: its locale, its logical path
 * and query (for active links and listing URLs) and how this site localises paths. The site's
 * shell provides it from Vike's pageContext; tests and other hosts (a kiosk) provide their own.
 */
export interface ContentEnvironment {
  readonly locale: LocaleCode;
  /** The current page's path without its locale prefix, e.g. `/events/`. */
  readonly logicalPath: string;
  /** The current query's page-state parameters (search, page, category); nothing else a visitor sent. */
  readonly search: Readonly<Record<string, string>>;
  /** A logical path (may carry `?query` or `#hash`) as a URL of this site in the page's locale. */
  readonly localizedPath: (logicalPath: string) => string;
}

const ContentEnvironmentContext = createContext<ContentEnvironment | undefined>(undefined);

export function ContentEnvironmentProvider({ value, children }: { value: ContentEnvironment; children: ReactNode }) {
  return <ContentEnvironmentContext.Provider value={value}>{children}</ContentEnvironmentContext.Provider>;
}

/** Where content is shown when nobody said (tests, a host without pages): the default locale's home. */
const DEFAULT_ENVIRONMENT: ContentEnvironment = {
  locale: DEFAULT_LOCALE_SETTINGS.defaultLocale,
  logicalPath: "/",
  search: {},
  localizedPath: (logicalPath) => localisePath(logicalPath, DEFAULT_LOCALE_SETTINGS.defaultLocale, DEFAULT_LOCALE_SETTINGS),
};

/** The environment provided around the content (the site's shell provides the page's own). */
export function useContentEnvironment(): ContentEnvironment {
  return useContext(ContentEnvironmentContext) ?? DEFAULT_ENVIRONMENT;
}
