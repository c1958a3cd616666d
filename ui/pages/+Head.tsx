import { usePageContext } from "vike-react/usePageContext";
import { LOCALES, alternateLinks, canonicalUrl, isHiddenFromSearch, localisePath, originForLocale } from "../../core";
import { BlockModulePreloads } from "./BlockModulePreloads";

/**
 * Alternate-language and canonical links (SPEC §2), theme colour and the locale for link previews;
 * what search engines may index; and the page's blocks' scripts.
 */
export default function Head() {
  const pageContext = usePageContext();
  // A page outside the site's frame (the editor) is nobody's alternate and never indexed.
  if (pageContext.config.siteChrome === false) return <meta name="robots" content="noindex, nofollow" />;
  const { publicOrigin, locale: settings } = pageContext.globalContext.publicConfig;
  const path = localisePath(pageContext.logicalPath, pageContext.locale, settings);
  const origin = originForLocale(pageContext.locale, settings, publicOrigin);
  const alternates = pageContext.is404 ? [] : alternateLinks(pageContext.logicalPath, settings, publicOrigin);
  return (
    <>
      <meta name="theme-color" content="#14121c" />
      <meta property="og:locale" content={LOCALES[pageContext.locale].language.replace(/-/g, "_")} />
      {pageContext.is404 ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonicalUrl(origin, path, pageContext.urlParsed.searchOriginal ?? "")} />}
      {/* A CMS page its editor hid from search engines (the content page's data holds its fields). */}
      {isHiddenFromSearch((pageContext.data as { readonly page?: unknown } | undefined)?.page) ? <meta name="robots" content="noindex" /> : null}
      {alternates.map((link) => (
        <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
      ))}
      <BlockModulePreloads />
    </>
  );
}
