import type { ContentPort } from "../../../../../../core";

/** A content port whose methods all fail, for routes that use only one or two of them. */
export function contentPortWith(overrides: Partial<ContentPort>): ContentPort {
  const unused = (): never => {
    throw new Error("not used by this route");
  };
  return {
    page: unused, event: unused, events: unused, restaurants: unused, sponsors: unused, jobOffers: unused,
    globalConfig: unused, sitemap: unused, cacheVersion: unused, purge: unused, decodePage: unused,
    ...overrides,
  };
}
