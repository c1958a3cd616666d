import type { MiddlewareHandler } from "hono";

/**
 * Pages are read, not posted to: any other method gets 405 before rendering, so a POST cannot
 * make the server render a page uncached. (A page that takes a form adds its own POST route.)
 */
export function readOnlyPages(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD", "Cache-Control": "no-store" });
  };
}
