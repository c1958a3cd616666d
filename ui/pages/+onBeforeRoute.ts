import type { PageContext } from "vike/types";
import { render } from "vike/abort";
import { LOCALE_COOKIE, detectLocale, readCookie, resolveRequestLocale, routes } from "../../core";

/** Resolves the request's locale once (SPEC §2); routes then match the path without its prefix. */
export function onBeforeRoute(pageContext: PageContext) {
  // A plain post refused (adapters/http/server/page-form-posts.middleware.ts, which gives the
  // response the post's own status: Vike renders no 413): the error page, in the path's language.
  if (!pageContext.isClientSide && pageContext.refusedPost !== undefined) throw render(403, { refusedPost: pageContext.refusedPost });
  const settings = pageContext.globalContext.publicConfig.locale;
  const { pathname, searchOriginal } = pageContext.urlParsed;
  // Requests carry no hash: only the browser knows it.
  const hash = pageContext.isClientSide ? (pageContext.urlParsed.hashOriginal ?? "") : "";
  const host = pageContext.isClientSide ? window.location.host : pageContext.headers?.host;
  // Read only where they decide: the browser runs this on every page's hydration too.
  const readSignals = () =>
    pageContext.isClientSide
      ? { cookie: readCookie(document.cookie, LOCALE_COOKIE), acceptLanguage: navigator.languages.join(",") }
      : { cookie: readCookie(pageContext.headers?.cookie, LOCALE_COOKIE), acceptLanguage: pageContext.headers?.["accept-language"] };
  // The editor has one address for every language: it speaks the editor's own (cookie, browser).
  if (pathname === routes.editor.path()) {
    return { pageContext: { locale: detectLocale(Object.assign({}, readSignals(), { fallback: settings.fallbackLocale })), logicalPath: pathname, urlLogical: pathname } };
  }
  const resolved = resolveRequestLocale(pathname, host, settings, readSignals);
  // `prefix` strategy and no known locale in the path: `/fr/…` is not a page of this site; nor is `/en/_editor/`.
  const locale = resolved.locale ?? (pathname === "/" ? settings.defaultLocale : undefined);
  if (!locale || resolved.logicalPath === routes.editor.path()) {
    throw render(404);
  }
  // Page paths end with a slash (SPEC §2); Vike may hand over a data request's URL without it.
  const logicalPath = resolved.logicalPath.endsWith("/") ? resolved.logicalPath : `${resolved.logicalPath}/`;
  return {
    pageContext: {
      locale,
      logicalPath,
      urlLogical: `${logicalPath}${searchOriginal ?? ""}${hash}`,
    },
  };
}
