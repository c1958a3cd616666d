import type { MiddlewareHandler } from "hono";
import {
  LOCALE_COOKIE,
  detectLocale,
  localisePath,
  matchRouteRule,
  readCookie,
  pagePathRedirect,
  type LocaleSettings,
  type RouteRule,
} from "../../../core";

export interface PageRedirectOptions {
  readonly locale: LocaleSettings;
  readonly routeRules: readonly RouteRule[];
}

/**
 * Redirects decided before rendering: configured route rules, the trailing slash (SPEC §2), and
 * the root to the detected locale's home. A redirect that depends on the visitor's cookie or
 * languages is private: a shared cache must never hand one visitor's language to another.
 */
export function pageRedirects(options: PageRedirectOptions): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);

    const rule = matchRouteRule(url.pathname, url.search, options.routeRules);
    if (rule) return c.redirect(rule.location, rule.status);

    const slashed = pagePathRedirect(url.pathname, url.search);
    if (slashed) return c.redirect(slashed, 301);

    if (url.pathname === "/" && options.locale.redirectRoot && options.locale.strategy === "prefix") {
      const locale = detectLocale({
        cookie: readCookie(c.req.header("Cookie"), LOCALE_COOKIE),
        acceptLanguage: c.req.header("Accept-Language"),
        fallback: options.locale.fallbackLocale,
      });
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Cookie, Accept-Language");
      return c.redirect(`${localisePath("/", locale, options.locale)}${url.search}`, 302);
    }
    await next();
    // Without a locale in the URL the page's language comes from the cookie and the browser.
    if (options.locale.strategy === "no_prefix" && (c.res.headers.get("Content-Type") ?? "").includes("text/html")) {
      c.res.headers.set("Cache-Control", "private, no-cache");
      c.res.headers.append("Vary", "Cookie, Accept-Language");
    }
  };
}
