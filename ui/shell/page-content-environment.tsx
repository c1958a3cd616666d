import { useMemo, type ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { localisePath, pageState } from "../../core";
import { ContentEnvironmentProvider } from "../components/content-link/content-environment";

/** The page's locale, path and page-state query, for the content components inside it. */
export function PageContentEnvironment({ children }: { children: ReactNode }) {
  const { locale, logicalPath, urlParsed, globalContext } = usePageContext();
  const settings = globalContext.publicConfig.locale;
  const search = urlParsed.search;
  const environment = useMemo(
    () => ({
      locale,
      logicalPath,
      search: pageState(search),
      localizedPath: (path: string) => localisePath(path, locale, settings),
    }),
    [locale, logicalPath, search, settings],
  );
  return <ContentEnvironmentProvider value={environment}>{children}</ContentEnvironmentProvider>;
}
