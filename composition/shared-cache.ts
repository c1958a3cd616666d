import { fastlyPurge } from "../adapters/cdn/fastly-purge.adapter";
import { repeatedPurge } from "../adapters/cdn/repeated-purge";
import { varnishPurge } from "../adapters/cdn/varnish-purge.adapter";
import { publishedSurrogateKeys, type Logger, type SharedCachePort } from "../core";
import type { AppConfig } from "./config";

/** What a publish calls with the story's full slug (undefined: unknown, so every page). */
export type PublishedStoryPurge = (fullSlug: string | undefined) => void;

/**
 * The shared cache's purge on publish, through the CDN_PURGE adapter. Without one (the default)
 * a publish purges nothing: shared caches keep pages for a short `s-maxage` instead.
 */
export function wireSharedCache(config: AppConfig, logger: Logger): PublishedStoryPurge {
  const { purge } = config.sharedCache;
  if (purge.kind === "none") return () => {};
  const cache: SharedCachePort = purge.kind === "fastly" ? fastlyPurge({ serviceId: purge.serviceId, apiToken: purge.apiToken }) : varnishPurge({ url: purge.url });
  // Again once every instance has seen the publish: at most one content-version check later.
  const purgeKeys = repeatedPurge(cache, { againAfterMs: config.content.contentVersionCheckIntervalMs + 1000, logger });
  return (fullSlug) => {
    const keys = publishedSurrogateKeys(fullSlug);
    logger.info("cdn.purge", { keys: keys.join(" ") });
    purgeKeys(keys);
  };
}
