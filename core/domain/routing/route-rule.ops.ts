import type { RouteRule } from "./route-rule.schema";

export interface RedirectOutcome {
  readonly location: string;
  readonly status: 301 | 302 | 307 | 308;
  /** An external redirect leaves the site (SPEC §2). */
  readonly external: boolean;
}

/** The configured redirect for a path, if any; the query is carried over to internal targets. */
export function matchRouteRule(pathname: string, search: string, rules: readonly RouteRule[]): RedirectOutcome | undefined {
  const rule = rules.find((candidate) => candidate.from === pathname);
  if (!rule) return undefined;
  const external = /^[a-z][a-z0-9+.-]*:\/\//i.test(rule.to);
  return {
    location: external ? rule.to : `${rule.to}${search}`,
    status: rule.status ?? 301,
    external,
  };
}
