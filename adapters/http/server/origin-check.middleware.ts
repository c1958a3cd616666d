import type { MiddlewareHandler } from "hono";
import { apiError } from "./api-error";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery: a request that changes state must come from one of the site's own
 * pages, so its Origin must be one of `allowedOrigins`; a foreign, "null" or missing Origin gets
 * 403. Browsers send Origin on every such request; whatever else calls the API can set it.
 */
export function sameOriginWrites(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header("Origin");
    if (origin === undefined || !allowed.has(origin)) return apiError(c, "forbidden");
    return next();
  };
}
