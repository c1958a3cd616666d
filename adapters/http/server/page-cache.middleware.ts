import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler, Next } from "hono";
import { hasPreviewParameters, hasSinglePageState, isNonPagePath, pageState, pageStateQuery } from "../../../core";
import { acceptsGzip, encodedEntityTag, varyOnAcceptEncoding } from "./compression.middleware";
import { CLIENT_CLOSED_REQUEST } from "./render-queue";
import { wholeBodyResponse, wholeTextOf } from "./whole-body-response";

export interface PageCacheOptions {
  /** The content version: a publish changes it, and every cached page becomes stale. */
  readonly contentVersion: () => Promise<number>;
  /** At most this many pages are kept (least recently used go first). */
  readonly maxEntries: number;
  /**
   * Whether the Host is part of the key: only when locale domains make pages differ by host.
   * Hosts the site does not serve never get here (see servedHostsOnly).
   */
  readonly keyByHost: boolean;
  /** False when pages depend on more than their URL (the no_prefix locale strategy): nothing is shared. */
  readonly shared: boolean;
  /**
   * Asks the site for a page again, as a visitor's request for `url` would, and leaves the answer
   * unread: after a publish, the most requested stale pages are rendered afresh this way, in the
   * background, one at a time. Without it, each stale page waits for its next visitor.
   */
  readonly refreshPage?: (url: string) => unknown;
}

/**
 * How many stale pages a publish has rendered afresh in the background, the most requested first.
 * The rest wait for a visitor: a publish costs a few renders at once, not one per cached page.
 */
export const PAGES_REFRESHED_AFTER_PUBLISH = 20;

interface CachedPage {
  /** The content version it was rendered from. */
  readonly version: number;
  /** The page's address, without the query parameters the key leaves out: what a refresh asks for. */
  readonly url: string;
  /** Requests it has answered, halved at each new version it is rendered for: how hot it is now. */
  hits: number;
  readonly status: number;
  readonly headers: [string, string][];
  /** The HTML, and its gzip made once. */
  readonly text: Buffer;
  readonly gzip: Buffer;
  /** A strong validator of the HTML: the same bytes on every server process and machine. */
  readonly entityTag: string;
}

/** A nonce attribute marks a page made for one response: replayed, its nonce would be reused. */
const NONCE_ATTRIBUTE = / nonce="/;

/**
 * Server-side cache of rendered HTML for shared pages, keyed by path, the page-state query
 * parameters (the same ones the server keeps in the links it renders) and the content version.
 * Pages opt in with the `Arena-Page-Cache: shared` header, and only pages that are the same bytes
 * for every visitor do (the header's account state is the browser's): signed-in visitors are
 * served from it too. Personal pages never opt in; any request with the editor's parameters
 * (`_storyblok…`) and every non-GET request bypass it, and free-text searches are not stored
 * (their keys have no end). Shared pages carry no CSP nonce (the
 * same bytes for everyone, so a CDN may keep them too); a page with one is never stored.
 *
 * A publish does not empty the cache: a page of an older version is stale. The first request for
 * it renders it afresh (and stores it), while the requests that come meanwhile get the stale page
 * at once instead of waiting, so a publish under load costs one render per page and slows no one
 * else. Once a request has seen the new version, the most requested stale pages are rendered
 * afresh in the background (`refreshPage`), so their visitors need not wait for one. A stale page
 * that no longer renders as a shared 200 is dropped.
 */
export const PAGE_CACHE_HEADER = "Arena-Page-Cache";

export function pageCache(options: PageCacheOptions): MiddlewareHandler {
  const { refreshPage } = options;
  const pages = new Map<string, CachedPage>();
  /** Pages being rendered for a miss now, by key: resolved once stored (or found unshareable). */
  const rendering = new Map<string, Promise<void>>();
  /** The newest content version a request has seen. */
  let newestVersion: number | undefined;

  return async (c, next) => {
    const url = new URL(c.req.url);
    const cacheable =
      options.shared &&
      c.req.method === "GET" &&
      !isNonPagePath(url.pathname) &&
      !hasPreviewParameters(url.searchParams) &&
      hasSinglePageState(url.searchParams);
    if (!cacheable) {
      await next();
      c.res.headers.delete(PAGE_CACHE_HEADER);
      return;
    }

    const version = await options.contentVersion();
    if (version !== newestVersion) {
      const first = newestVersion === undefined;
      newestVersion = version;
      // After this request has taken its own page in hand: the round skips a page being rendered.
      if (!first && refreshPage) setTimeout(() => void refreshHottest(version, refreshPage), 0);
    }
    const key = `${options.keyByHost ? url.host : ""}${url.pathname}${pageStateQuery(url.searchParams)}`;
    const acceptEncoding = c.req.header("Accept-Encoding");
    const cached = pages.get(key);
    if (cached?.version === version) return replay(key, cached, acceptEncoding, "hit");
    const inFlight = rendering.get(key);
    // The page renders afresh for someone else now: the previous version meanwhile.
    if (inFlight && cached) return replay(key, cached, acceptEncoding, "stale");
    // A miss while the same page renders for someone else waits for that render and shares it:
    // a burst of misses (a crawler, a cold start) costs one render per page, not one per request.
    if (inFlight) {
      await inFlight;
      const shared = pages.get(key);
      if (shared?.version === version) return replay(key, shared, acceptEncoding, "hit");
    }
    let rendered = () => {};
    if (!inFlight) rendering.set(key, new Promise<void>((resolve) => (rendered = resolve)));
    try {
      await store(c, next, url, key, version);
    } finally {
      if (!inFlight) {
        rendering.delete(key);
        rendered();
      }
    }
  };

  /**
   * Renders afresh, one after the other, the most requested pages older than `version`, unless a
   * visitor has had one rendered meanwhile. A round that a newer version overtakes asks for pages
   * that are fresh or being rendered by then: the cache answers those without a render.
   */
  async function refreshHottest(version: number, refreshPage: (url: string) => unknown): Promise<void> {
    const hottest = [...pages]
      .filter(([, page]) => page.version !== version)
      .sort(([, a], [, b]) => b.hits - a.hits)
      .slice(0, PAGES_REFRESHED_AFTER_PUBLISH);
    for (const [key, page] of hottest) {
      if (rendering.has(key) || pages.get(key)?.version === version) continue;
      try {
        await refreshPage(page.url);
      } catch {
        // The stale page stays, for its next visitor to render.
      }
    }
  }

  function replay(key: string, hit: CachedPage, acceptEncoding: string | undefined, state: "hit" | "stale"): Response {
    hit.hits += 1;
    pages.delete(key);
    pages.set(key, hit); // most recently used last
    return answer(hit, acceptEncoding, state);
  }

  /** The stored page; for a client that takes gzip, the gzip made once, when it was stored. */
  function answer(page: CachedPage, acceptEncoding: string | undefined, state: "hit" | "stale" | "miss"): Response {
    const headers = new Headers(page.headers);
    headers.set("X-Page-Cache", state);
    // Still a shared page to the middleware outside, which sets the shared caches' policy.
    headers.set(PAGE_CACHE_HEADER, "shared");
    varyOnAcceptEncoding(headers);
    const compressed = acceptsGzip(acceptEncoding);
    if (compressed) headers.set("Content-Encoding", "gzip");
    headers.set("ETag", compressed ? encodedEntityTag(page.entityTag, "gzip") : page.entityTag);
    const body = compressed ? page.gzip : page.text;
    headers.set("Content-Length", String(body.byteLength));
    return wholeBodyResponse(body, { status: page.status, headers });
  }

  /** Renders the page and keeps it when it may be shared; drops the stale one it replaces when not. */
  async function store(c: Context, next: Next, url: URL, key: string, version: number): Promise<void> {
    await next();
    const response = c.res;
    // Not rendered, its client gone: says nothing of the page, so the stale one stays.
    if (response.status === CLIENT_CLOSED_REQUEST) return;
    const optedIn = response.headers.get(PAGE_CACHE_HEADER) === "shared";
    const type = response.headers.get("Content-Type") ?? "";
    const searched = pageState(url.searchParams).search !== undefined;
    // A response that sets a cookie belongs to one visitor: never replay it to others.
    if (!optedIn || searched || response.status !== 200 || !type.includes("text/html") || response.headers.has("Set-Cookie")) {
      pages.delete(key);
      return;
    }
    const html = await wholeTextOf(response);
    if (NONCE_ATTRIBUTE.test(html)) {
      pages.delete(key);
      c.res = undefined;
      c.res = new Response(html, response);
      return;
    }
    const text = Buffer.from(html, "utf8");
    const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
    const previous = pages.get(key);
    const page: CachedPage = {
      version,
      url: `${url.origin}${url.pathname}${pageStateQuery(url.searchParams)}`,
      hits: (previous ? Math.floor(previous.hits / 2) : 0) + 1,
      status: response.status,
      headers,
      text,
      gzip: gzipSync(text, { level: 9 }),
      entityTag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`,
    };
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > options.maxEntries) pages.delete(pages.keys().next().value as string);
    // This visitor gets the same bytes, in the gzip just made for the cache: not compressed twice.
    // (Unset first: Hono would copy the rendered answer's headers onto this one.)
    c.res = undefined;
    c.res = answer(page, c.req.header("Accept-Encoding"), "miss");
  }
}
