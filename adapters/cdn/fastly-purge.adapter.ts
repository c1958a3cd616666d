import type { SharedCachePort } from "../../core";

export interface FastlyPurgeOptions {
  readonly serviceId: string;
  readonly apiToken: string;
  /** Fastly's API; another origin only for a stand-in. */
  readonly apiOrigin?: string;
  readonly fetch?: typeof fetch;
}

/** Fastly takes at most this many keys in one purge call. */
const KEYS_PER_CALL = 256;

/**
 * Purges by surrogate key through Fastly's API (`POST /service/{id}/purge`, the keys in a
 * `Surrogate-Key` header). A soft purge marks the pages stale rather than gone, so that
 * `stale-while-revalidate` and `stale-if-error` still cover them while the site renders them afresh.
 */
export function fastlyPurge(options: FastlyPurgeOptions): SharedCachePort {
  const send = options.fetch ?? fetch;
  const url = `${options.apiOrigin ?? "https://api.fastly.com"}/service/${encodeURIComponent(options.serviceId)}/purge`;
  return {
    async purge(keys) {
      for (let start = 0; start < keys.length; start += KEYS_PER_CALL) {
        const response = await send(url, {
          method: "POST",
          headers: {
            "Fastly-Key": options.apiToken,
            "Fastly-Soft-Purge": "1",
            "Surrogate-Key": keys.slice(start, start + KEYS_PER_CALL).join(" "),
            Accept: "application/json",
          },
        });
        if (!response.ok) throw new Error(`Fastly's purge answered ${response.status}`);
        await response.body?.cancel();
      }
    },
  };
}
