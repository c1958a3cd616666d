import type { RouteRule } from "./route-rule.schema";

export interface RedirectOutcome {
  readonly location: string;
  readonly status: 301 | 302 | 307 | 308;
  /** An external redirect leaves the site (SPEC §2). */
  readonly external: boolean;
}

/**
 * The configured redirect for a path, if any. Internal targets keep the request's query (merged
 * after the target's own parameters); external targets are used as configured.
 */
export function matchRouteRule(pathname: string, search: string, rules: readonly RouteRule[]): RedirectOutcome | undefined {
  const rule = rules.find((candidate) => candidate.from === pathname);
  if (!rule) return undefined;
  // An absolute URL or a protocol-relative one (//host/…) leaves the site.
  const external = /^[a-z][a-z0-9+.-]*:\/\//i.test(rule.to) || rule.to.startsWith("//");
  return { location: external ? rule.to : withQuery(rule.to, search), status: rule.status ?? 301, external };
}

function withQuery(target: string, search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query) return target;
  const hashAt = target.indexOf("#");
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash}`;
}
