import type { MiddlewareHandler } from "hono";
import { hasPreviewParameters } from "../../../core";

/**
 * A page asked for with the editor's preview parameters (`_storyblok…`) may show a draft: it is
 * never stored by any cache, never indexed, and its signed address is not sent on as a referrer.
 */
export function previewResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Every request passes here: the URL is parsed only when it may hold the parameters.
    if (!c.req.url.includes("_storyblok") || !hasPreviewParameters(new URL(c.req.url).searchParams)) return;
    c.res.headers.set("Cache-Control", "private, no-store");
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
    c.res.headers.set("Referrer-Policy", "no-referrer");
  };
}
