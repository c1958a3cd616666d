import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImageVariantFiles, imageTypeOf } from "../../../../../adapters/embedded/files/image-variant-files";

let directory: string;

beforeEach(() => {
  directory = join(mkdtempSync(join(tmpdir(), "image-variants-")), "variants");
});

afterEach(() => {
  rmSync(join(directory, ".."), { recursive: true, force: true });
});

/** The file of a key: named by the SHA-256 of the key. */
const fileOf = (key: string) => join(directory, createHash("sha256").update(key).digest("hex"));

async function webp(width: number, height = width): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: width % 256, g: 90, b: 200 } } }).webp({ quality: 100 }).toBuffer();
  return Uint8Array.from(bytes);
}

describe("image variant files", () => {
  it("give back what was written, by key, with its type; nothing for a key never written", async () => {
    const variants = createImageVariantFiles({ directory, maxBytes: 1024 * 1024 });
    const body = await webp(8);
    await variants.write("photo.jpg|120x0|webp", { body, type: "image/webp" });
    expect(await variants.read("photo.jpg|120x0|webp")).toEqual({ body, type: "image/webp" });
    expect(await variants.read("photo.jpg|240x0|webp")).toBeUndefined();
    // Named by a hash of the key: no part of a URL becomes a path.
    expect(readdirSync(directory)).toEqual([fileOf("photo.jpg|120x0|webp").slice(directory.length + 1)]);
  });

  it("are shared by the stores of every process on the same folder", async () => {
    const body = await webp(8);
    await createImageVariantFiles({ directory, maxBytes: 1024 * 1024 }).write("key", { body, type: "image/webp" });
    expect((await createImageVariantFiles({ directory, maxBytes: 1024 * 1024 }).read("key"))?.body).toEqual(body);
  });

  it("drop a file that is not an image (cut short, or put there), so that the image is made again", async () => {
    const variants = createImageVariantFiles({ directory, maxBytes: 1024 * 1024 });
    await variants.write("key", { body: await webp(8), type: "image/webp" });
    truncateSync(fileOf("key"), 6);
    expect(await variants.read("key")).toBeUndefined();
    expect(readdirSync(directory)).toEqual([]);
  });

  it("stay under their size by removing the least recently used, a read counting as a use", async () => {
    const bodies = await Promise.all([10, 11, 12, 13].map((side) => webp(side)));
    const largest = Math.max(...bodies.map((body) => body.byteLength));
    const variants = createImageVariantFiles({ directory, maxBytes: largest * 3 + 1 });
    for (const [at, body] of bodies.slice(0, 3).entries()) {
      await variants.write(`key-${at}`, { body, type: "image/webp" });
      // Written an hour apart, oldest first.
      const when = Date.now() / 1000 - (3 - at) * 60 * 60;
      utimesSync(fileOf(`key-${at}`), when, when);
    }
    // key-0 is the oldest but is read now; key-1 becomes the least recently used.
    expect(await variants.read("key-0")).toBeDefined();
    await variants.write("key-3", { body: bodies[3]!, type: "image/webp" });
    expect(await variants.read("key-1")).toBeUndefined();
    for (const kept of ["key-0", "key-3"]) expect(await variants.read(kept), kept).toBeDefined();
    const total = readdirSync(directory).reduce((sum, name) => sum + statSync(join(directory, name)).size, 0);
    expect(total).toBeLessThanOrEqual(largest * 3 + 1);
  });
});

describe("imageTypeOf", () => {
  it("knows each format the image service writes by its first bytes, and nothing else", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 4, background: "#123456" } });
    expect(imageTypeOf(await base.clone().jpeg().toBuffer())).toBe("image/jpeg");
    expect(imageTypeOf(await base.clone().png().toBuffer())).toBe("image/png");
    expect(imageTypeOf(await base.clone().webp().toBuffer())).toBe("image/webp");
    expect(imageTypeOf(await base.clone().gif().toBuffer())).toBe("image/gif");
    expect(imageTypeOf(await base.clone().avif().toBuffer())).toBe("image/avif");
    expect(imageTypeOf(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});
