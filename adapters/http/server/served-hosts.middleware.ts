import type { MiddlewareHandler } from "hono";
import { isNonPagePath } from "../../../core";
import { LOOPBACK_NAMES } from "./site-origins";

/**
 * Pages are rendered only for the hosts the site serves (PUBLIC_ORIGIN's, the locale domains and
 * ALLOWED_HOSTS): any other Host gets 421 before anything is rendered, cached or built on it.
 * Files and the APIs answer on any Host (a platform's health check uses an internal address).
 */
export function servedHostsOnly(isServed: (host: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    // The Node server builds the request URL on the Host header.
    const url = new URL(c.req.url);
    if (isServed(url.host) || isNonPagePath(url.pathname)) return next();
    return c.text("Misdirected Request: this site is not served on that host.", 421, { "Cache-Control": "no-store" });
  };
}

/**
 * Whether a Host header names one of `hosts` ("name" or "name:port"). An entry without a port
 * matches any port; when the public origin is a loopback address, every loopback name on its port
 * is the same site (`npm start` is opened as localhost or 127.0.0.1 alike).
 */
export function hostMatcher(publicOrigin: string, hosts: readonly string[]): (host: string) => boolean {
  const origin = new URL(publicOrigin);
  const exact = new Set([origin.host, ...hosts].map((entry) => entry.toLowerCase()));
  const anyPort = new Set(hosts.filter((entry) => !/:\d+$/.test(entry)).map((entry) => entry.toLowerCase()));
  const loopbackPort = LOOPBACK_NAMES.has(origin.hostname) ? origin.port : undefined;
  return (header) => {
    const host = header.toLowerCase();
    if (exact.has(host)) return true;
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
    if (!match) return false;
    const [, name = "", port = ""] = match;
    if (anyPort.has(name)) return true;
    return loopbackPort !== undefined && LOOPBACK_NAMES.has(name) && port === loopbackPort;
  };
}
