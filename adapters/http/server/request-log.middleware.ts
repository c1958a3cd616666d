import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../../core";

/**
 * The bindings (`app.fetch`'s second argument) of a request the server makes of itself in the
 * background, such as a page rendered afresh after a publish: no visitor can send them, so the
 * log tells these requests from visitors' ones.
 */
export const BACKGROUND_REQUEST = { background: true } as const;

/** One structured line per request: method, path, status, duration; `background` for the server's own. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      background: c.env === BACKGROUND_REQUEST ? true : undefined,
    };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  };
}
