import { createContext, useContext, type ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import type { PageContext } from "vike/types";
import { DEFAULT_LOCALE_SETTINGS, localisePath, pageState, type LocaleCode } from "../../../core";

/**
 * What content components need to know about the page they are on: its locale, its logical path
 * and query (for active links and listing URLs) and how this site localises paths. Pages get it
 * from Vike's pageContext; tests and other hosts (a kiosk) provide it explicitly.
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

/** The explicit environment when there is one, else the one Vike's pageContext describes. */
export function useContentEnvironment(): ContentEnvironment {
  const explicit = useContext(ContentEnvironmentContext);
  // Outside a Vike render (tests, other hosts) there is no pageContext.
  const pageContext = usePageContext() as PageContext | undefined;
  if (explicit) return explicit;
  const locale = pageContext?.locale ?? DEFAULT_LOCALE_SETTINGS.defaultLocale;
  const settings = pageContext?.globalContext?.publicConfig?.locale ?? DEFAULT_LOCALE_SETTINGS;
  return {
    locale,
    logicalPath: pageContext?.logicalPath ?? "/",
    search: pageState(pageContext?.urlParsed?.search ?? {}),
    localizedPath: (logicalPath) => localisePath(logicalPath, locale, settings),
  };
}
