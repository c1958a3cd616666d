import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { contentEntityTag, varyOnAcceptEncoding } from "./compression.middleware";
import { PAGE_CACHE_HEADER } from "./page-cache.middleware";
import { wholeBodyOf, wholeBodyResponse } from "./whole-body-response";

export interface SharedCachePolicy {
  /** How long a shared cache (a CDN) may serve a page without asking again (`s-maxage`). */
  readonly maxAgeSeconds: number;
  /** How long past that it may serve the page while it asks (`stale-while-revalidate`). */
  readonly staleWhileRevalidateSeconds: number;
  /** How long past that it may serve the page when the site answers with an error (`stale-if-error`). */
  readonly staleIfErrorSeconds: number;
}

export interface SharedPageHeadersOptions {
  readonly policy: SharedCachePolicy;
  /** False when pages depend on more than their URL (the no_prefix locale strategy): none is shared. */
  readonly shared: boolean;
}

/** The Cache-Control of a shared page: browsers ask again every time (a 304 is cheap), shared caches keep it. */
export function sharedCacheControl(policy: SharedCachePolicy): string {
  return `public, max-age=0, s-maxage=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}, stale-if-error=${policy.staleIfErrorSeconds}`;
}

/**
 * Headers for shared caches on the pages that are the same bytes for everyone (those the page
 * asks to share with `Arena-Page-Cache: shared`): a public Cache-Control with the configured
 * lifetimes, a strong ETag (the page cache's, or one made from the body), and a 304 for a request
 * whose If-None-Match names it. An answer that sets a cookie, an error or anything else stays as
 * the page made it; personal pages never ask.
 */
export function sharedPageHeaders(options: SharedPageHeadersOptions): MiddlewareHandler {
  const cacheControl = sharedCacheControl(options.policy);
  return async (c, next) => {
    await next();
    const response = c.res;
    const asked = response.headers.get(PAGE_CACHE_HEADER) === "shared";
    response.headers.delete(PAGE_CACHE_HEADER);
    const shareable =
      asked &&
      options.shared &&
      (c.req.method === "GET" || c.req.method === "HEAD") &&
      response.status === 200 &&
      (response.headers.get("Content-Type") ?? "").includes("text/html") &&
      !response.headers.has("Set-Cookie");
    if (!shareable) return;

    let entityTag = response.headers.get("ETag");
    if (!entityTag) {
      const body = await wholeBodyOf(response);
      entityTag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      c.res = undefined;
      c.res = wholeBodyResponse(body, { status: response.status, headers: response.headers });
    }
    const headers = c.res.headers;
    headers.set("Cache-Control", cacheControl);
    headers.set("ETag", entityTag);
    varyOnAcceptEncoding(headers);

    const known = matchingEntityTag(c.req.header("If-None-Match"), entityTag);
    if (known) {
      c.res = undefined;
      c.res = new Response(null, {
        status: 304,
        headers: { "Cache-Control": cacheControl, ETag: known, Vary: headers.get("Vary") ?? "Accept-Encoding" },
      });
    }
  };
}

/** The tag of If-None-Match that names this content (in whichever encoding the client holds it), if any. */
function matchingEntityTag(ifNoneMatch: string | undefined, entityTag: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  const content = contentEntityTag(entityTag);
  if (ifNoneMatch.trim() === "*") return entityTag;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .find((tag) => contentEntityTag(tag) === content);
}
