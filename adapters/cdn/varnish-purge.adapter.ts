import type { SharedCachePort } from "../../core";

export interface VarnishPurgeOptions {
  /** The cache's own address (the VCL in deploy/varnish/ takes purges from the site's network only). */
  readonly url: string;
  readonly fetch?: typeof fetch;
}

/**
 * Purges by surrogate key from a Varnish in front of the site: a `PURGE` request whose
 * `Surrogate-Key` header lists the keys, which `deploy/varnish/site.vcl` turns into a ban on the
 * objects carrying any of them.
 */
export function varnishPurge(options: VarnishPurgeOptions): SharedCachePort {
  const send = options.fetch ?? fetch;
  return {
    async purge(keys) {
      if (keys.length === 0) return;
      const response = await send(options.url, { method: "PURGE", headers: { "Surrogate-Key": keys.join(" ") } });
      if (!response.ok) throw new Error(`Varnish's purge answered ${response.status}`);
      await response.body?.cancel();
    },
  };
}
