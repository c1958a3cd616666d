import { usePageContext } from "vike-react/usePageContext";
import { localisePath, type LocaleCode } from "../../../core";

/** Builds this site's URLs for the page's locale (or another one) under the configured strategy. */
export function useLocalizedPath(): (logicalPath: string, locale?: LocaleCode) => string {
  const pageContext = usePageContext();
  const settings = pageContext.globalContext.publicConfig.locale;
  return (logicalPath, locale = pageContext.locale) => localisePath(logicalPath, locale, settings);
}
