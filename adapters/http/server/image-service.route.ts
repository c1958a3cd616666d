import { createHash } from "node:crypto";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { basename, extname, join, sep } from "node:path";
import { Schema, SchemaIssue } from "effect";
import { Hono, type Context } from "hono";
import sharp from "sharp";
import { ASSET_FILE_TYPES, cropRegion, ImageOptions, parseImageServicePath, type FocalPoint } from "../../../core";
import { apiError } from "./api-error";
import { assetUrlPath, DEFAULT_MAX_INPUT_PIXELS, safeSegments, type ImageVariant, type ImageVariantStore } from "../../embedded/embedded-content/store/asset-files";

/** Bytes of transformed images kept in memory. */
export const DEFAULT_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** No output side is longer, whatever the request. */
const MAX_OUTPUT_SIDE = 4000;
const IMMUTABLE = "public, max-age=31536000, immutable";

const OUTPUT_TYPES: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" };

export interface ImageServiceOptions {
  /**
   * The folder `storyblok assets pull` writes (content/assets): `<space>/{name}_{id}.{ext}` beside
   * its `{name}_{id}.json`, the Management API's asset object, whose `filename`
   * (`https://a.storyblok.com/f/{space}/{w}x{h}/{hash}/{name}.{ext}`) gives the file its URL here,
   * `/a/f/…`; a shared library's assets are under `shared/<library>/`.
   */
  readonly assetsDir: string;
  readonly cacheBytes?: number;
  readonly maxInputPixels?: number;
  /** Transformations running at once; the rest wait. Default 2. */
  readonly concurrency?: number;
  /** Transformations that may wait for a slot; past that, 503 with Retry-After. Default 16. */
  readonly maxQueued?: number;
  /** Where transformed images outlive this process's memory (the other processes share them). */
  readonly variants?: ImageVariantStore;
}

/**
 * What the service can hold in memory at once: the cache, plus each running transformation's
 * decoded input (at most maxInputPixels × 4 bytes of RGBA) and its file. Waiting requests hold
 * nothing but their place in the bounded queue. With the defaults: 64 MiB + 2 × 160 MB.
 */
export function imageServiceMemoryCeiling(options: Pick<ImageServiceOptions, "cacheBytes" | "maxInputPixels" | "concurrency">): number {
  return (options.cacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES) + (options.concurrency ?? 2) * (options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS) * 4;
}

class ImageRefused extends Error {}
class QueueFull extends Error {}

/** Seconds a refused client is asked to wait: a transformation takes well under one. */
const BUSY_RETRY_AFTER_S = 1;

/**
 * The embedded image service, at `/a/f/…` like Storyblok's asset CDN: the original file as it
 * is stored, or `{asset}/m/{w}x{h}/filters:…` transformed with sharp (the core's ImageOptions).
 * Paths hold a content hash, so every answer is immutable. SVGs are never transformed.
 */
export function createImageService(options: ImageServiceOptions): Hono {
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const cache = createByteLruCache<ImageVariant>(options.cacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES);
  const inFlight = new Map<string, Promise<ImageVariant>>();
  const limit = createBoundedSemaphore(options.concurrency ?? 2, options.maxQueued ?? 16);
  let root: string | undefined;

  let index: Promise<AssetIndex> | undefined;
  let indexed: AssetIndex | undefined;

  /** The URL paths of the assets, read again whenever a folder of assets changes. */
  const assetIndex = async (base: string): Promise<AssetIndex> => {
    if (indexed && (await foldersSignature(base, indexed.folders)) === indexed.signature) return indexed;
    index ??= readAssetIndex(base).finally(() => (index = undefined));
    indexed = await index;
    return indexed;
  };

  const findAsset = async (urlPath: string): Promise<{ file: string; size: number; mtimeMs: number } | undefined> => {
    root ??= await realpath(options.assetsDir).catch(() => undefined);
    if (!root) return undefined;
    const segments = safeSegments(urlPath.slice("/a/".length));
    if (!segments || segments[0] !== "f" || !ASSET_FILE_TYPES[extname(segments[segments.length - 1] ?? "").toLowerCase()]) return undefined;
    const candidate = (await assetIndex(root)).files.get(segments.join("/"));
    if (!candidate || !candidate.startsWith(root + sep)) return undefined;
    try {
      // Symbolic links could still point outside: compare the real path too.
      const file = await realpath(candidate);
      if (!file.startsWith(root + sep)) return undefined;
      const info = await stat(file);
      return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  };

  const stored = (key: string): Promise<ImageVariant | undefined> => options.variants?.read(key).catch(() => undefined) ?? Promise.resolve(undefined);

  const render = (key: string, file: string, imageOptions: ImageOptions): Promise<ImageVariant> => {
    const running = inFlight.get(key);
    if (running) return running;
    const job = stored(key)
      .then(async (found) => {
        const rendered = found ?? (await limit(() => transform(file, imageOptions, maxInputPixels)));
        cache.set(key, rendered, rendered.body.byteLength);
        // Kept for the other processes and the next start, while this visitor gets the picture;
        // a failed write costs the next one a transformation.
        if (!found) void options.variants?.write(key, rendered).catch(() => undefined);
        return rendered;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, job);
    return job;
  };

  const app = new Hono();
  app.get("/a/f/*", async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const request = parseImageServicePath(pathname);
    let imageOptions: ImageOptions | undefined;
    if (request) {
      const decoded = decodeOptions(request.options);
      if (!decoded.ok) return apiError(c, "invalid-image-options", { issues: [{ path: "", message: decoded.message }] });
      imageOptions = decoded.options;
    }
    const asset = await findAsset(request?.asset ?? pathname);
    if (!asset) return apiError(c, "not-found");

    const type = ASSET_FILE_TYPES[extname(asset.file).toLowerCase()] ?? "application/octet-stream";
    if (!imageOptions || type === "image/svg+xml") {
      const etag = `"${asset.size.toString(36)}-${Math.floor(asset.mtimeMs).toString(36)}"`;
      if (matches(c, etag)) return notModified(etag);
      const body = Uint8Array.from(await readFile(asset.file));
      return send(c, { body, type }, etag, type === "image/svg+xml");
    }

    const key = `${asset.file}|${asset.size}|${asset.mtimeMs}|${canonical(imageOptions)}`;
    const etag = `"${createHash("sha1").update(key).digest("base64url")}"`;
    if (matches(c, etag)) return notModified(etag);
    try {
      const rendered = cache.get(key) ?? (await render(key, asset.file, imageOptions));
      return send(c, rendered, etag, false);
    } catch (cause) {
      if (cause instanceof QueueFull) return apiError(c, "busy", { retryAfterSeconds: BUSY_RETRY_AFTER_S });
      // Read by developers, not shown to anyone: the diagnostic stands in for a translation key.
      if (cause instanceof ImageRefused) return apiError(c, "image-too-large", { issues: [{ path: "", message: cause.message }] });
      return apiError(c, "unreadable-image");
    }
  });
  return app;
}

interface AssetIndex {
  /** The folders read, and their modification times when they were. */
  readonly folders: readonly string[];
  readonly signature: string;
  /** `f/{space}/{w}x{h}/{hash}/{name}` (decoded) → the file. */
  readonly files: ReadonlyMap<string, string>;
}

/** The folders `assets pull` writes assets into: `<space>/` and `shared/<library>/`. */
async function assetFolders(base: string): Promise<string[]> {
  const subfolders = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  const folders: string[] = [];
  for (const name of await subfolders(base)) {
    if (name === "shared") for (const library of await subfolders(join(base, name))) folders.push(join(base, name, library));
    else folders.push(join(base, name));
  }
  return folders;
}

async function foldersSignature(base: string, folders: readonly string[]): Promise<string> {
  const times = await Promise.all([base, join(base, "shared"), ...folders].map((dir) => stat(dir).then((info) => info.mtimeMs, () => -1)));
  return times.join(",");
}

async function readAssetIndex(base: string): Promise<AssetIndex> {
  const folders = await assetFolders(base);
  const signature = await foldersSignature(base, folders);
  const files = new Map<string, string>();
  for (const folder of folders) {
    const names = (await readdir(folder).catch(() => [] as string[])).sort();
    const present = new Set(names);
    for (const name of names) {
      const ext = extname(name);
      // As the CLI pairs them: the file `{name}_{id}.{ext}` and its asset object `{name}_{id}.json`.
      if (!ASSET_FILE_TYPES[ext.toLowerCase()] || !present.has(`${basename(name, ext)}.json`)) continue;
      const path = await readFile(join(folder, `${basename(name, ext)}.json`), "utf8").then(assetUrlPath, () => undefined);
      if (path && !files.has(path)) files.set(path, join(folder, name));
    }
  }
  return { folders, signature, files };
}

function decodeOptions(raw: Record<string, unknown>): { ok: true; options: ImageOptions } | { ok: false; message: string } {
  if ("invalid" in raw) return { ok: false, message: `unknown image option: ${String(raw.invalid)}` };
  const result = Schema.decodeUnknownResult(ImageOptions)(raw, { errors: "all" });
  if (result._tag === "Success") return { ok: true, options: result.success };
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues;
  return { ok: false, message: issues.map((issue) => issue.message).join("; ") };
}


function canonical(options: ImageOptions): string {
  return JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function matches(c: Context, etag: string): boolean {
  return c.req.header("If-None-Match")?.split(",").some((tag) => tag.trim() === etag) ?? false;
}

function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE } });
}

function send(c: Context, { body, type }: ImageVariant, etag: string, svg: boolean): Response {
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Length": String(body.byteLength),
    "Cache-Control": IMMUTABLE,
    ETag: etag,
  };
  // An SVG opened on its own must not run script.
  if (svg) headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
}

async function transform(file: string, options: ImageOptions, maxInputPixels: number): Promise<ImageVariant> {
  const input = await readFile(file);
  const metadata = await sharp(input, { limitInputPixels: false }).metadata();
  if (metadata.width * metadata.height > maxInputPixels) {
    throw new ImageRefused(`the image has ${metadata.width}×${metadata.height} pixels, more than ${maxInputPixels}`);
  }
  const image = sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" }).autoOrient();
  const quarter = options.rotate === 90 || options.rotate === 270;
  if (options.rotate) image.rotate(options.rotate);
  const sourceWidth = quarter ? metadata.autoOrient.height : metadata.autoOrient.width;
  const sourceHeight = quarter ? metadata.autoOrient.width : metadata.autoOrient.height;
  const size = outputSize(sourceWidth, sourceHeight, options.width, options.height);
  if (options.width && options.height) {
    // Cropped to the requested shape around the focal point (the centre without one), then scaled.
    const focal = options.focal && rotatedFocus(options.focal, options.rotate ?? 0, metadata.autoOrient.width, metadata.autoOrient.height);
    const region = cropRegion(sourceWidth, sourceHeight, [size.width, size.height], focal);
    if (region.width !== sourceWidth || region.height !== sourceHeight) image.extract(region);
    if (region.width !== size.width || region.height !== size.height) image.resize({ width: size.width, height: size.height, fit: "fill" });
  } else if (size.width !== sourceWidth || size.height !== sourceHeight) {
    image.resize({ width: size.width, height: size.height });
  }
  if (options.blur) image.blur(0.3 + options.blur / 4);
  if (options.brightness !== undefined && options.brightness !== 50) {
    // 0 is black, 50 unchanged, 100 twice as bright; alpha stays as it is.
    const factor = options.brightness / 50;
    const bands = metadata.channels;
    image.linear(
      Array.from({ length: bands }, (_, band) => (metadata.hasAlpha && band === bands - 1 ? 1 : factor)),
      Array.from({ length: bands }, () => 0),
    );
  }

  const format = options.format ?? (metadata.format === "jpeg" || metadata.format === "png" || metadata.format === "webp" ? metadata.format : "webp");
  const quality = options.quality || 80;
  if (format === "jpeg") image.jpeg({ quality, mozjpeg: true });
  else if (format === "png") image.png(options.quality ? { quality, palette: true } : {});
  else image.webp({ quality });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { body: Uint8Array.from(data), type: OUTPUT_TYPES[info.format] ?? "application/octet-stream" };
}

/** The focal point's centre in the picture turned clockwise by `rotate` degrees (sharp's rotate). */
function rotatedFocus(focal: FocalPoint, rotate: number, width: number, height: number): FocalPoint {
  const x = (focal.left + focal.right) / 2;
  const y = (focal.top + focal.bottom) / 2;
  const [turnedX, turnedY] = rotate === 90 ? [height - y, x] : rotate === 180 ? [width - x, height - y] : rotate === 270 ? [y, width - x] : [x, y];
  return { left: turnedX, top: turnedY, right: turnedX, bottom: turnedY };
}

/**
 * Storyblok's `/m/{w}x{h}`: both sides crop to fill, one side keeps the proportions. Never
 * larger than the source, never a side over MAX_OUTPUT_SIDE.
 */
export function outputSize(sourceWidth: number, sourceHeight: number, width?: number, height?: number): { width: number; height: number } {
  let w: number;
  let h: number;
  if (width && height) {
    const shrink = Math.min(1, sourceWidth / width, sourceHeight / height);
    w = width * shrink;
    h = height * shrink;
  } else if (width) {
    w = Math.min(width, sourceWidth);
    h = (sourceHeight * w) / sourceWidth;
  } else if (height) {
    h = Math.min(height, sourceHeight);
    w = (sourceWidth * h) / sourceHeight;
  } else {
    w = sourceWidth;
    h = sourceHeight;
  }
  const fit = Math.min(1, MAX_OUTPUT_SIDE / w, MAX_OUTPUT_SIDE / h);
  return { width: Math.max(1, Math.round(w * fit)), height: Math.max(1, Math.round(h * fit)) };
}

/** A least-recently-used map bounded by the total size of its values. */
export function createByteLruCache<T>(maxBytes: number) {
  const entries = new Map<string, { value: T; bytes: number }>();
  let total = 0;
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T, bytes: number): void {
      if (bytes > maxBytes) return;
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        total -= previous.bytes;
      }
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes) break;
        entries.delete(oldest);
        total -= entry.bytes;
      }
    },
    get bytes() {
      return total;
    },
    get size() {
      return entries.size;
    },
  };
}

/** At most `slots` tasks at once and `maxWaiting` in line; a task beyond that is refused with QueueFull. */
function createBoundedSemaphore(slots: number, maxWaiting: number) {
  let free = Math.max(1, slots);
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free === 0) {
      if (waiting.length >= maxWaiting) throw new QueueFull();
      await new Promise<void>((resolveSlot) => waiting.push(resolveSlot));
    } else free -= 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
