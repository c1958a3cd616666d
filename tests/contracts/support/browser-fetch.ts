export interface BrowserFetch {
  /** A fetch that behaves, for `origin`'s own requests, as a page of that origin does. */
  readonly fetch: typeof fetch;
  /** The cookies the site has set and not yet expired, by name. */
  cookie(name: string): string | undefined;
  /** Lets a cookie expire, as its Max-Age would. */
  expire(name: string): void;
  /** How many requests of `method` this browser has made to `path`. */
  requests(method: string, path: string): number;
}

/**
 * One browser's fetch for a page of `origin`, in Node: it keeps the cookies the site sets (one
 * origin, so Path and Domain are not needed) and sends them back, and sends Origin on requests
 * that change state, as browsers do.
 */
export function browserFetch(origin: string): BrowserFetch {
  const jar = new Map<string, string>();
  const made: string[] = [];
  const browser: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const method = (init.method ?? "GET").toUpperCase();
    made.push(`${method} ${new URL(input instanceof Request ? input.url : input, origin).pathname}`);
    if (method !== "GET" && method !== "HEAD") headers.set("Origin", origin);
    if (jar.size) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const split = pair.indexOf("=");
      const name = pair.slice(0, split);
      const expired = attributes.some((attribute) => /^max-age=(0|-\d+)$/i.test(attribute)) || pair.slice(split + 1) === "";
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(split + 1));
    }
    return response;
  };
  return {
    fetch: browser,
    cookie: (name) => jar.get(name),
    expire: (name) => void jar.delete(name),
    requests: (method, path) => made.filter((request) => request === `${method} ${path}`).length,
  };
}
