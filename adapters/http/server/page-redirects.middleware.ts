import type { MiddlewareHandler } from "hono";
import {
  LOCALE_COOKIE,
  matchRouteRule,
  readCookie,
  pagePathRedirect,
  unprefixedPageRedirect,
  type LocaleSettings,
  type RouteRule,
} from "../../../core";

export interface PageRedirectOptions {
  readonly locale: LocaleSettings;
  readonly routeRules: readonly RouteRule[];
}

/**
 * Redirects decided before rendering: configured route rules, the trailing slash (SPEC §2), and
 * a page path without a language (the root included) to the detected language's page. A redirect
 * that depends on the visitor's cookie or languages is private: a shared cache must never hand one
 * visitor's language to another.
 */
export function pageRedirects(options: PageRedirectOptions): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);

    const rule = matchRouteRule(url.pathname, url.search, options.routeRules);
    if (rule) return c.redirect(rule.location, rule.status);

    const slashed = pagePathRedirect(url.pathname, url.search);
    if (slashed) return c.redirect(slashed, 301);

    const localised = unprefixedPageRedirect(url.pathname, url.search, options.locale, {
      cookie: readCookie(c.req.header("Cookie"), LOCALE_COOKIE),
      acceptLanguage: c.req.header("Accept-Language"),
    });
    if (localised) {
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Cookie, Accept-Language");
      return c.redirect(localised, 302);
    }
    await next();
    // Without a locale in the URL the page's language comes from the cookie and the browser.
    if (options.locale.strategy === "no_prefix" && (c.res.headers.get("Content-Type") ?? "").includes("text/html")) {
      c.res.headers.set("Cache-Control", "private, no-cache");
      c.res.headers.append("Vary", "Cookie, Accept-Language");
    }
  };
}
