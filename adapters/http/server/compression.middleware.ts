import { promisify } from "node:util";
import { brotliCompress as brotliCallback, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { hasBody, wholeBodyOf, wholeBodyResponse } from "./whole-body-response";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);

/**
 * Brotli at quality 1, Brotli's fastest compressor but one: a rendered home (79 KB) comes to
 * 16.2 KB, the dashboard to 11.2 KB, 8 % more than at quality 3. Timed alone, quality 3 looked
 * cheap (0.35 ms for the home, warm); between renders, with its larger tables cold, it took twice
 * quality 1's time, and side by side on the server quality 1 took 0.80 of the CPU per rendered
 * page (six pairs of servers in turns, home and dashboard alike), more than the compression's
 * own share: why the rest costs less with it was not traced. For a page made per request, a
 * kilobyte more costs a visitor on 4G about a millisecond; a fifth less of the server's CPU is a
 * quarter more pages a second.
 */
const BROTLI_QUALITY = 1;

/** Smaller bodies gain less than gzip's own header and the work. */
const THRESHOLD_BYTES = 1024;

/**
 * Up to this size a body is compressed on the event loop, larger ones on libuv's thread pool. Each
 * hand-over to the pool (waking a thread, the encoder's tables allocated in that thread's memory,
 * the answer back through the loop) cost more than compressing a page: compressed in place, a
 * rendered home took 0.77 of the CPU (eight pairs of servers in turns, 0.71–0.81), an event page
 * 0.85, while the loop waits about 0.5 ms. A large body would hold every other request that long.
 */
const IN_PLACE_MAX_BYTES = 256 * 1024;

/**
 * Brotli or gzip for what the server renders and answers (static files and cached pages come
 * compressed already). The body is read whole and compressed in one call (`IN_PLACE_MAX_BYTES` says
 * where): Vike renders a page to one string (`stream: false`) and API answers are small, while a
 * CompressionStream's web-stream plumbing cost a third of an uncached page's time.
 * Event streams, ranges, HEAD, `no-transform` and encoded bodies pass as they are.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get("Content-Type") ?? "";
    if (
      c.req.method === "HEAD" ||
      !hasBody(response) ||
      response.status === 206 ||
      response.headers.has("Content-Encoding") ||
      response.headers.has("Transfer-Encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const body = await wholeBodyOf(response);
    const encoding = body.byteLength >= THRESHOLD_BYTES ? contentEncodingFor(c.req.header("Accept-Encoding")) : undefined;
    const compressed =
      encoding === undefined ? undefined : body.byteLength <= IN_PLACE_MAX_BYTES ? compressedInPlace(body, encoding) : await compressedOnThreadPool(body, encoding);
    // Unset first: Hono would wrap the new answer in yet another, to copy the same headers onto it.
    c.res = undefined;
    c.res = wholeBodyResponse(compressed ?? body, { status: response.status, statusText: response.statusText, headers: response.headers });
    const { headers } = c.res;
    varyOnAcceptEncoding(headers);
    headers.set("Content-Length", String((compressed ?? body).byteLength));
    if (!compressed || !encoding) return;
    headers.set("Content-Encoding", encoding);
    const etag = headers.get("ETag");
    if (etag) headers.set("ETag", encodedEntityTag(etag, encoding));
  };
}

/**
 * The entity tag of a compressed representation: a strong tag names exact bytes, so the encoded
 * body gets its own (`"tag-gzip"`), still strong, which a shared cache may revalidate with.
 */
export function encodedEntityTag(entityTag: string, encoding: "br" | "gzip"): string {
  return entityTag.endsWith('"') ? `${entityTag.slice(0, -1)}-${encoding}"` : entityTag;
}

/** The entity tag without its encoding's suffix: what names the content itself. */
export function contentEntityTag(entityTag: string): string {
  return entityTag.replace(/^W\//, "").replace(/-(?:br|gzip)"$/, '"');
}

/** Says that the answer depends on Accept-Encoding, unless Vary says so already (or "*"). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/** Brotli when the client takes it at least as gladly as gzip, else gzip if it takes that. */
export function contentEncodingFor(header: string | undefined): "br" | "gzip" | undefined {
  const br = acceptance(header, "br");
  const gzip = acceptance(header, "gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : undefined;
}

/** Whether Accept-Encoding allows gzip (a q=0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptance(header, "gzip") > 0;
}

/** Accept-Encoding's q-value for `coding`: its own entry's, else "*"'s, else 0. */
function acceptance(header: string | undefined, coding: string): number {
  let wildcard = 0;
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (name.trim() === coding) return value;
    if (name.trim() === "*") wildcard = value;
  }
  return wildcard;
}

function compressedInPlace(body: Uint8Array, encoding: "br" | "gzip"): Uint8Array {
  return encoding === "br" ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body);
}

function compressedOnThreadPool(body: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array> {
  return encoding === "br" ? brotli(body, brotliOptions(body)) : gzip(body);
}

function brotliOptions(body: Uint8Array) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  };
}
