/**
 * A shared cache in front of the site (a CDN, or Varnish): what a publish makes it forget. Shared
 * pages name what they were built from in `Surrogate-Key` (surrogate-keys.ops.ts).
 */
export interface SharedCachePort {
  /** Drops every answer that carries any of these keys; resolves once the cache has taken the purge. */
  purge(keys: readonly string[]): Promise<void>;
}
