import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const gzip = promisify(gzipCallback);

/** Smaller bodies gain less than gzip's own header and the work. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip for what the server renders and answers (static files and cached pages come compressed
 * already). The body is read whole and compressed in one call on libuv's thread pool, off the
 * event loop: Vike renders a page to one string (`stream: false`) and API answers are small,
 * while a CompressionStream's web-stream plumbing cost a third of an uncached page's time.
 * Event streams, ranges, HEAD, `no-transform` and encoded bodies pass as they are.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get("Content-Type") ?? "";
    if (
      c.req.method === "HEAD" ||
      !response.body ||
      response.status === 206 ||
      response.headers.has("Content-Encoding") ||
      response.headers.has("Transfer-Encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const compressed = body.byteLength >= THRESHOLD_BYTES && acceptsGzip(c.req.header("Accept-Encoding")) ? await gzip(body) : undefined;
    // Hono copies the answer's headers onto the new one: what changes is set after.
    c.res = new Response(compressed ?? body, response);
    const { headers } = c.res;
    const vary = headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    headers.set("Content-Length", String((compressed ?? body).byteLength));
    if (!compressed) return;
    headers.set("Content-Encoding", "gzip");
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  };
}

/** Whether Accept-Encoding allows gzip (a q=0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? "").split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
