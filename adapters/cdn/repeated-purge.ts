import type { Logger, SharedCachePort } from "../../core";

export interface RepeatedPurgeOptions {
  /** How long until every server instance serves the new content (the content version's check). */
  readonly againAfterMs: number;
  readonly logger: Logger;
}

/**
 * Purges now, and again once every instance serves the publish: a page the cache fetched afresh
 * in between, from an instance that had not yet seen the new content version, would otherwise be
 * kept stale for its whole `s-maxage`. The second purge also retries a first that failed; a
 * failure is logged, never thrown at the publish that asked.
 */
export function repeatedPurge(cache: SharedCachePort, options: RepeatedPurgeOptions): (keys: readonly string[]) => void {
  const purge = (keys: readonly string[], round: "first" | "second") =>
    cache.purge(keys).catch((error: unknown) => options.logger.error("cdn.purge-failed", { keys: keys.join(" "), round, error: String(error) }));
  return (keys) => {
    if (keys.length === 0) return;
    void purge(keys, "first");
    setTimeout(() => void purge(keys, "second"), options.againAfterMs).unref();
  };
}
