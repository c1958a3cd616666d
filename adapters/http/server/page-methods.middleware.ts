import type { MiddlewareHandler } from "hono";
import { isTakenFormPost } from "./page-form-posts.middleware";

/**
 * Pages are read, not posted to: any other method gets 405 before rendering, so a POST cannot
 * make the server render a page uncached. (A form sent to its page without JavaScript is taken earlier, by pageFormPosts.)
 */
export function readOnlyPages(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || isTakenFormPost(c)) return next();
    return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD", "Cache-Control": "no-store" });
  };
}
