/** The names of this machine: a server opened on one of them is the same site on the others. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origins whose pages may change state (the origin check and the identity server's trusted
 * origins): the public origin and the locale domains (over HTTPS). When the public origin is a
 * loopback address, the same scheme and port on every loopback name too: `npm start` is opened
 * as localhost or 127.0.0.1 alike (the pages answer on both, see hostMatcher), and no other site
 * can serve a page from this machine's port. A public origin on a real name gets no loopback origin.
 */
export function siteOrigins(publicOrigin: string, localeDomains: readonly string[]): string[] {
  const origin = new URL(publicOrigin);
  const loopback = LOOPBACK_NAMES.has(origin.hostname)
    ? [...LOOPBACK_NAMES].filter((name) => name !== origin.hostname).map((name) => `${origin.protocol}//${name}${origin.port ? `:${origin.port}` : ""}`)
    : [];
  return [origin.origin, ...loopback, ...localeDomains.map((domain) => `https://${domain}`)];
}
