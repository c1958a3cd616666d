import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../../core";

/** One structured line per request: method, path, status, duration. */
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
    };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  };
}
