import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../../core";
import { clientAddress } from "./client-address";
import { traceFields } from "./request-trace";

/**
 * The bindings (`app.fetch`'s second argument) of a request the server makes of itself in the
 * background, such as a page rendered afresh after a publish: no visitor can send them, so the
 * log tells these requests from visitors' ones.
 */
export const BACKGROUND_REQUEST = { background: true } as const;

export interface RequestLogOptions {
  /** How many proxies append to X-Forwarded-For (TRUSTED_PROXY): `remoteIp` is the client they saw. */
  readonly trustedProxies?: number;
  /** The Google Cloud project the request's trace belongs to (request-trace.ts); none: no trace field. */
  readonly traceProjectId?: string;
}

/**
 * One structured line per request, with Cloud Logging's `httpRequest` (method, path without its
 * query, which may carry tokens, status, latency, user agent, client address) and the request's
 * trace; `background` for the server's own.
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const fields = Object.assign(
      {
        httpRequest: {
          requestMethod: c.req.method,
          requestUrl: c.req.path,
          status,
          latency: `${((performance.now() - started) / 1000).toFixed(4)}s`,
          userAgent: c.req.header("User-Agent"),
          remoteIp: clientAddress(c.req.raw, options.trustedProxies ?? 0),
        },
        background: c.env === BACKGROUND_REQUEST ? true : undefined,
      },
      traceFields(c.req.raw.headers, options.traceProjectId),
    );
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  };
}
