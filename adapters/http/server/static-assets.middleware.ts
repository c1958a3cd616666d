import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};
/** The layout's <link rel="icon"> (Vike's `favicon` setting, ui/pages/+config.ts). */
const SITE_ICON = "/favicon.svg";
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".json", ".html", ".txt", ".xml", ".svg", ".webmanifest"]);

interface Asset {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly gzip: Uint8Array<ArrayBuffer> | undefined;
  readonly brotli: Uint8Array<ArrayBuffer> | undefined;
  readonly type: string;
  readonly etag: string;
  readonly cacheControl: string;
}

/**
 * The built client files, read once at start-up and served from memory with precompressed
 * variants. Hashed files under /assets/ are immutable; the latest-build file is always revalidated.
 * The site's icon answers /favicon.ico too (when the build has no such file): browsers, feed
 * readers and crawlers ask for it without reading the page's <link rel="icon">, and take the SVG
 * by its Content-Type.
 */
export function staticAssets(root: string): MiddlewareHandler {
  const assets = loadAssets(root);
  const icon = assets.get(SITE_ICON);
  if (icon && !assets.has("/favicon.ico")) assets.set("/favicon.ico", icon);
  // The door kiosk's page (issue 54) at its folder's address, as its manifest and service worker name it.
  const kiosk = assets.get("/kiosk/index.html");
  if (kiosk) assets.set("/kiosk/", kiosk);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const asset = assets.get(c.req.path);
    if (!asset) return next();
    const headers: Record<string, string> = {
      "Content-Type": asset.type,
      "Cache-Control": asset.cacheControl,
      ETag: asset.etag,
      Vary: "Accept-Encoding",
    };
    if (c.req.header("If-None-Match") === asset.etag) return new Response(null, { status: 304, headers });
    const accepts = c.req.header("Accept-Encoding") ?? "";
    let body = asset.body;
    if (asset.brotli && /\bbr\b/.test(accepts)) {
      body = asset.brotli;
      headers["Content-Encoding"] = "br";
    } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
      body = asset.gzip;
      headers["Content-Encoding"] = "gzip";
    }
    headers["Content-Length"] = String(body.byteLength);
    return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
  };
}

function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(root)) {
    const path = `/${relative(root, file).split(sep).join("/")}`;
    const extension = extname(file).toLowerCase();
    const body = Uint8Array.from(readFileSync(file));
    const compressible = COMPRESSIBLE.has(extension) && body.byteLength > 512;
    assets.set(path, {
      body,
      gzip: compressible ? Uint8Array.from(gzipSync(body, { level: 9 })) : undefined,
      brotli: compressible ? Uint8Array.from(brotliCompressSync(body)) : undefined,
      type: CONTENT_TYPES[extension] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: cacheControlFor(path),
    });
  }
  return assets;
}

export function cacheControlFor(path: string): string {
  if (path.startsWith("/assets/") || path.startsWith("/kiosk/assets/")) return "public, max-age=31536000, immutable";
  // The kiosk's page and service worker: a new build reaches the gates at their next start.
  if (path.startsWith("/_build/") || path === "/kiosk/index.html" || path === "/kiosk/sw.js") return "no-cache";
  return "public, max-age=3600";
}

function* walk(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
