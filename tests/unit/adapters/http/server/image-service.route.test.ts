import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, extname, join } from "node:path";
import type { Hono } from "hono";
import sharp from "sharp";
import { pngBomb } from "../../../support/png-bomb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { assetUrlPath } from "../../../../../adapters/embedded/embedded-content/store/asset-files";
import { createByteLruCache, createImageService, imageServiceMemoryCeiling, outputSize } from "../../../../../adapters/http/server/image-service.route";
import { WRITING_SUFFIX } from "../../../../../adapters/embedded/durable-file";
import { createImageVariantFiles } from "../../../../../adapters/embedded/files/image-variant-files";

const PHOTO = "/a/f/4242/300x200/0a1b2c/photo.jpg";
const TALL = "/a/f/4242/50x4500/3d4e5f/tall.png";
const LOGO = "/a/f/4242/64x64/6a7b8c/logo.svg";
const BOMB = "/a/f/4242/20000x20000/9d0e1f/bomb.png";
const BROKEN = "/a/f/4242/10x10/2a3b4c/broken.jpg";
const CLEAR = "/a/f/4242/20x20/7c8d9e/clear.png";
/** Three upright stripes, red, green and blue, 100 px each. */
const STRIPES = "/a/f/4242/300x100/4b5c6d/stripes.png";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>`;

let root: string;
let assets: string;
let app: Hono;
let nextId = 100;
const stored = new Map<string, string>();

/**
 * Stores an asset as `storyblok assets pull` writes it: `<space>/{name}_{id}.{ext}` beside
 * `{name}_{id}.json`, the Management API's asset object, whose filename is the asset's URL.
 */
function write(urlPath: string, body: Uint8Array | string, options: { folder?: string; id?: number } = {}): string {
  const [, , , space, , , name = ""] = urlPath.split("/");
  const id = options.id ?? nextId++;
  const ext = extname(name);
  const folder = join(assets, options.folder ?? space ?? "");
  const file = join(folder, `${basename(name, ext)}_${id}${ext}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, body);
  const asset = { id, filename: `https://a.storyblok.com${urlPath.slice("/a".length)}`, short_filename: name, content_length: Buffer.byteLength(body), alt: "", meta_data: {} };
  writeFileSync(join(folder, `${basename(name, ext)}_${id}.json`), JSON.stringify(asset, null, 2));
  stored.set(urlPath, file);
  return file;
}

async function size(response: Response): Promise<{ width: number; height: number; format: string }> {
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: metadata.width, height: metadata.height, format: metadata.format };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "image-service-"));
  assets = join(root, "assets");
  write(PHOTO, await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer());
  write(TALL, await sharp({ create: { width: 50, height: 4500, channels: 3, background: "#224466" } }).png().toBuffer());
  write(LOGO, SVG);
  write(BOMB, pngBomb());
  write(BROKEN, "not a jpeg at all");
  write(CLEAR, await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 60, g: 60, b: 60, alpha: 0.5 } } }).png().toBuffer());
  const stripes = Buffer.alloc(300 * 100 * 3);
  for (let x = 0; x < 300; x += 1) for (let y = 0; y < 100; y += 1) stripes[(y * 300 + x) * 3 + Math.floor(x / 100)] = 255;
  write(STRIPES, await sharp(stripes, { raw: { width: 300, height: 100, channels: 3 } }).png().toBuffer());
  write("/a/f/4242/1x1/5e6f7a/notes.txt", "not an image");
  writeFileSync(join(root, "secret.jpg"), "the secret");
  mkdirSync(join(assets, "f/4242/link"), { recursive: true });
  symlinkSync(join(root, "secret.jpg"), join(assets, "f/4242/link/evil.jpg"));
  // The same in the CLI's layout: a pulled asset whose file is a link out of the folder.
  const evil = write("/a/f/4242/1x1/0e0e0e/evil.jpg", "placeholder");
  rmSync(evil);
  symlinkSync(join(root, "secret.jpg"), evil);
  // Asset objects whose filename would lead out of the folder, or has no file beside it.
  mkdirSync(join(assets, "4242"), { recursive: true });
  writeFileSync(join(assets, "4242/sneaky_7.json"), JSON.stringify({ id: 7, filename: "https://a.storyblok.com/f/4242/1x1/aaaaaa/../../../../secret.jpg" }));
  writeFileSync(join(assets, "4242/sneaky_7.jpg"), "not the secret either");
  writeFileSync(join(assets, "4242/lonely_8.json"), JSON.stringify({ id: 8, filename: "https://a.storyblok.com/f/4242/1x1/bbbbbb/lonely.jpg" }));
  // A file without its asset object is not an asset.
  writeFileSync(join(assets, "4242/orphan_9.jpg"), "an orphan");
  // A shared library's asset, under shared/<library>/.
  write("/a/f/5151/40x30/1f2e3d/shared.png", await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer(), { folder: "shared/77" });
  app = createImageService({ assetsDir: assets, cacheBytes: 1024 * 1024 });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the original asset", () => {
  it("is served as stored, immutable, with an ETag that revalidates", async () => {
    const response = await app.request(PHOTO);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(stored.get(PHOTO) ?? ""))).toBe(true);

    const again = await app.request(PHOTO, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("answers HEAD without a body", async () => {
    const response = await app.request(PHOTO, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).not.toBe("0");
    expect(await response.text()).toBe("");
  });

  it("serves an SVG as it is, even when a transformation is asked for, and sandboxed", async () => {
    for (const path of [LOGO, `${LOGO}/m/32x0/filters:format(webp)`]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
      expect(await response.text()).toBe(SVG);
    }
  });
});

describe("transformations", () => {
  it("resizes and converts, with the content type of the result", async () => {
    const response = await app.request(`${PHOTO}/m/150x0/filters:quality(70):format(webp)`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await size(response)).toEqual({ width: 150, height: 100, format: "webp" });
  });

  it("crops to fill when both sides are given, keeps the proportions with one", async () => {
    expect(await size(await app.request(`${PHOTO}/m/100x100`))).toEqual({ width: 100, height: 100, format: "jpeg" });
    expect(await size(await app.request(`${PHOTO}/m/0x50/filters:format(png)`))).toEqual({ width: 75, height: 50, format: "png" });
  });

  it("keeps the focal point in a crop (the centre without one), wherever a rotation turns it", async () => {
    const colour = async (path: string) => {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
      expect({ width: info.width, height: info.height }).toEqual({ width: 50, height: 50 });
      const middle = (25 * info.width + 25) * info.channels;
      return ["red", "green", "blue"][[0, 1, 2].reduce((brightest, band) => (data[middle + band]! > data[middle + brightest]! ? band : brightest), 0)];
    };
    expect(await colour(`${STRIPES}/m/50x50/filters:format(png)`)).toBe("green");
    expect(await colour(`${STRIPES}/m/50x50/filters:format(png):focal(10x40:30x60)`)).toBe("red");
    expect(await colour(`${STRIPES}/m/50x50/filters:focal(270x0:299x10):format(png)`)).toBe("blue");
    // Turned half round, the red stripe is on the right, and the crop follows it there.
    expect(await colour(`${STRIPES}/m/50x50/filters:rotate(180):focal(10x40:30x60):format(png)`)).toBe("red");
    expect(await colour(`${STRIPES}/m/50x50/filters:rotate(90):focal(250x40:260x60):format(png)`)).toBe("blue");
  });

  it("rotates, blurs and changes brightness", async () => {
    const rotated = await app.request(`${PHOTO}/m/filters:rotate(90):blur(10):brightness(20)`);
    expect(rotated.status).toBe(200);
    expect(await size(rotated)).toEqual({ width: 200, height: 300, format: "jpeg" });
    const dark = await app.request(`${PHOTO}/m/10x10/filters:brightness(-100):format(png)`);
    const { data } = await sharp(Buffer.from(await dark.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(...data)).toBeLessThan(10);

    const brighter = await app.request(`${CLEAR}/m/filters:brightness(100)`);
    const pixels = await sharp(Buffer.from(await brighter.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(pixels.info.channels).toBe(4);
    expect([...pixels.data.subarray(0, 4)]).toEqual([120, 120, 120, 128]);
  });

  it("never enlarges, and never answers a side over 4000 px", async () => {
    expect(await size(await app.request(`${PHOTO}/m/1200x0`))).toMatchObject({ width: 300, height: 200 });
    const tall = await size(await app.request(`${TALL}/m/50x0`));
    expect(tall.height).toBe(4000);
    expect(tall.width).toBe(44);
  });

  it("answers the same ETag for the same transformation, and 304 when it is known", async () => {
    const path = `${PHOTO}/m/120x0/filters:format(webp)`;
    const first = await app.request(path);
    const second = await app.request(path);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect((await app.request(path, { headers: { "If-None-Match": first.headers.get("etag") ?? "" } })).status).toBe(304);
    expect((await app.request(`${PHOTO}/m/121x0/filters:format(webp)`)).headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answers 400 with JSON for bad options", async () => {
    for (const options of ["m/5000x0", "m/filters:quality(101)", "m/filters:format(gif)", "m/filters:rotate(45)", "m/filters:blur(-1)", "m/filters:sepia(1)", "m/abc", "m/filters:quality(x)", "m/10x10/filters:focal(30x10:20x40)", "m/10x10/filters:focal(a)"]) {
      const response = await app.request(`${PHOTO}/${options}`);
      expect(response.status, options).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: { code: "invalid-image-options", message: "feedback.error.generic", issues: [{ path: "", message: expect.any(String) }] } });
    }
  });

  it("refuses a decompression bomb without decoding it", async () => {
    const started = Date.now();
    const response = await app.request(`${BOMB}/m/100x0`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { code: "image-too-large", message: "feedback.error.generic", issues: [{ path: "", message: expect.stringContaining("20000×20000") }] } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers 422 for a file that is not an image", async () => {
    const response = await app.request(`${BROKEN}/m/10x0`);
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe("unreadable-image");
  });
});

describe("what is not an asset", () => {
  it("answers 503 with Retry-After once the queue of waiting transformations is full, and serves the rest", async () => {
    const busy = createImageService({ assetsDir: assets, cacheBytes: 1024 * 1024, concurrency: 1, maxQueued: 2 });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => busy.request(`${TALL}/m/${10 + index}x0`)));
    const refused = responses.filter((response) => response.status === 503);
    const served = responses.filter((response) => response.status === 200);
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length + refused.length).toBe(8);
    for (const response of refused) {
      expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: { code: "busy", message: "feedback.error.busy" } });
    }
    // Once the rush is over, the same requests are served.
    expect((await busy.request(`${TALL}/m/17x0`)).status).toBe(200);
  });

  it("states its memory ceiling: the cache plus each running transformation's decoded input", () => {
    expect(imageServiceMemoryCeiling({ cacheBytes: 1000, concurrency: 2, maxInputPixels: 100 })).toBe(1000 + 2 * 100 * 4);
  });

  it("answers 404 for an unknown asset, transformed or not", async () => {
    for (const path of ["/a/f/4242/300x200/0a1b2c/missing.jpg", "/a/f/4242/300x200/0a1b2c/missing.jpg/m/100x0", "/a/f/4242/1x1/5e6f7a/notes.txt", "/a/f/4242"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code).toBe("not-found");
    }
  });

  it("never leaves the assets folder", async () => {
    for (const path of [
      "/a/f/..%2f..%2fsecret.jpg",
      "/a/f/4242/%2e%2e/%2e%2e/%2e%2e/secret.jpg",
      "/a/f/4242/..%5c..%5c..%5csecret.jpg",
      "/a/f/4242/link/evil.jpg",
      "/a/f/4242/link/evil.jpg/m/10x0",
      "/a/f/%00/secret.jpg",
      "/a/f/4242/%E0%A4%A/secret.jpg",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("the secret");
    }
  });
});

describe("transformed images on disk", () => {
  it("are shared by every process on the folder: another serves what one made, without transforming it again", async () => {
    const directory = join(root, "image-variants");
    const first = createImageService({ assetsDir: assets, cacheBytes: 1024 * 1024, variants: createImageVariantFiles({ directory, maxBytes: 1024 * 1024 }) });
    const url = `${PHOTO}/m/120x0/filters:format(webp)`;
    const made = Buffer.from(await (await first.request(url)).arrayBuffer());
    // Written while the visitor is answered: once it is there, it is the one file and the same bytes.
    const file = await vi.waitFor(() => {
      const names = readdirSync(directory);
      expect(names).toHaveLength(1);
      expect(names[0]!.endsWith(WRITING_SUFFIX)).toBe(false);
      return names[0]!;
    });
    expect(readFileSync(join(directory, file))).toEqual(made);

    // Stand-in bytes under the same name: a second process answers with them, so it read the file.
    const standIn = await sharp({ create: { width: 3, height: 2, channels: 3, background: "#0a0" } }).webp().toBuffer();
    writeFileSync(join(directory, file), standIn);
    const second = createImageService({ assetsDir: assets, cacheBytes: 1024 * 1024, variants: createImageVariantFiles({ directory, maxBytes: 1024 * 1024 }) });
    const answer = await second.request(url);
    expect(answer.headers.get("Content-Type")).toBe("image/webp");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(standIn);
    // The first process answers from its memory, as before.
    expect(Buffer.from(await (await first.request(url)).arrayBuffer())).toEqual(made);
  });
});

describe("the layout of `storyblok assets pull`", () => {
  it("serves each file at the URL path of its asset object's filename, a shared library's too", async () => {
    expect(stored.get(PHOTO)).toMatch(/assets\/4242\/photo_\d+\.jpg$/);
    const shared = await app.request("/a/f/5151/40x30/1f2e3d/shared.png/m/20x0");
    expect(shared.status).toBe(200);
    expect(await size(shared)).toEqual({ width: 20, height: 15, format: "png" });
  });

  it("reads the filename of Storyblok's hosts and of a path alike, and nothing else", () => {
    expect(assetUrlPath(JSON.stringify({ filename: "https://a.storyblok.com/f/4242/300x200/0a1b2c/photo.jpg" }))).toBe("f/4242/300x200/0a1b2c/photo.jpg");
    expect(assetUrlPath(JSON.stringify({ filename: "https://s3.amazonaws.com/a.storyblok.com/f/4242/300x200/0a1b2c/photo.jpg" }))).toBe("f/4242/300x200/0a1b2c/photo.jpg");
    expect(assetUrlPath(JSON.stringify({ filename: "/a/f/4242/300x200/0a1b2c/ph%C3%B3to.jpg" }))).toBe("f/4242/300x200/0a1b2c/phóto.jpg");
    for (const json of ["{}", "null", "not json", JSON.stringify({ filename: 42 }), JSON.stringify({ filename: "https://example.com/photo.jpg" }), JSON.stringify({ filename: "https://a.storyblok.com/f/4242/..%2f..%2fsecret.jpg" })]) {
      expect(assetUrlPath(json), json).toBeUndefined();
    }
  });

  it("answers 404 for an asset object without its file, a file without its asset object, and what leads out", async () => {
    for (const path of ["/a/f/4242/1x1/bbbbbb/lonely.jpg", "/a/f/4242/orphan_9.jpg", "/a/4242/orphan_9.jpg", "/a/f/4242/1x1/0e0e0e/evil.jpg", "/a/f/4242/1x1/0e0e0e/evil.jpg/m/10x0", "/a/secret.jpg", "/a/f/secret.jpg"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("secret");
    }
  });

  it("finds an asset pulled while it runs, and forgets one removed", async () => {
    const path = "/a/f/4242/2x2/c0ffee/late.png";
    expect((await app.request(path)).status).toBe(404);
    const file = write(path, await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } }).png().toBuffer());
    expect((await app.request(path)).status).toBe(200);
    renameSync(file, `${file}.gone`);
    expect((await app.request(path)).status).toBe(404);
  });
});

describe("outputSize", () => {
  it("follows Storyblok's /m/{w}x{h}", () => {
    expect(outputSize(300, 200, 150, undefined)).toEqual({ width: 150, height: 100 });
    expect(outputSize(300, 200, undefined, 100)).toEqual({ width: 150, height: 100 });
    expect(outputSize(300, 200, 100, 100)).toEqual({ width: 100, height: 100 });
    expect(outputSize(300, 200, 600, 600)).toEqual({ width: 200, height: 200 });
    expect(outputSize(8000, 2000, undefined, undefined)).toEqual({ width: 4000, height: 1000 });
  });
});

describe("createByteLruCache", () => {
  it("evicts the least recently used entries beyond its byte budget", () => {
    const cache = createByteLruCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C", 4);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
    expect(cache.bytes).toBe(8);
    cache.set("huge", "H", 11);
    expect(cache.get("huge")).toBeUndefined();
    cache.set("a", "A2", 6);
    expect(cache.get("a")).toBe("A2");
    expect(cache.bytes).toBe(10);
  });
});
