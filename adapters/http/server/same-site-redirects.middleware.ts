import type { MiddlewareHandler } from "hono";
import { sameSitePath } from "../../../core";

/**
 * Redirects from the page layer stay on the site and never echo the Host: Vike builds its own
 * (e.g. `//` collapsing) on the request's Host header, so every Location it sends is rewritten
 * as a same-site path. Configured route rules, which may leave the site, run before this.
 */
export function sameSiteRedirects(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const location = c.res.headers.get("Location");
    if (location === null || c.res.status < 300 || c.res.status > 399) return;
    const target = new URL(location, c.req.url);
    const path = sameSitePath(`${target.pathname}${target.search}${target.hash}`) ?? "/";
    if (path !== location) c.res.headers.set("Location", path);
  };
}
