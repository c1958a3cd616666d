import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, unlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import type { ImageVariantStore } from "../embedded-content/store/asset-files";
import { WRITING_SUFFIX, writeFileDurably } from "../durable-file";

export interface ImageVariantFilesOptions {
  readonly directory: string;
  /** Past this many bytes of files, the least recently used go until a fifth is free. */
  readonly maxBytes: number;
}

/**
 * Transformed images as files in a folder of DATA_DIR, shared by every server process: an image is
 * resized once, not once per process and again after each restart. A file is named by a hash of
 * its key and written whole or not at all (durable-file.ts); a read refreshes its time, so
 * the sweep that keeps the folder under `maxBytes` removes the least recently used first.
 */
export function createImageVariantFiles(options: ImageVariantFilesOptions): ImageVariantStore {
  const { directory, maxBytes } = options;
  let ready: Promise<unknown> | undefined;
  // This process's estimate of the folder's size; a sweep counts it again (other processes write to it too).
  let bytes = 0;
  let counted: Promise<void> | undefined;
  let sweeping: Promise<void> | undefined;

  const pathOf = (key: string) => join(directory, createHash("sha256").update(key).digest("hex"));

  async function sweep(): Promise<void> {
    const files = await Promise.all(
      (await readdir(directory)).map(async (name) => {
        const info = await stat(join(directory, name)).catch(() => undefined);
        return info?.isFile() ? { name, size: info.size, used: info.mtimeMs } : undefined;
      }),
    );
    // Another process's file being written is left alone, unless a crash left it long ago.
    const abandoned = Date.now() - 60 * 60 * 1000;
    const present = files
      .filter((file): file is NonNullable<typeof file> => file !== undefined && (!file.name.endsWith(WRITING_SUFFIX) || file.used < abandoned))
      .sort((a, b) => a.used - b.used);
    let total = present.reduce((sum, file) => sum + file.size, 0);
    for (const file of present) {
      if (total <= maxBytes * 0.8) break;
      await unlink(join(directory, file.name)).catch(() => undefined);
      total -= file.size;
    }
    bytes = total;
  }

  return {
    async read(key) {
      const path = pathOf(key);
      const body = await readFile(path).catch(() => undefined);
      if (!body) return undefined;
      const type = imageTypeOf(body);
      // Not an image the service writes (nothing else belongs here): dropped, and made again.
      if (!type) {
        await unlink(path).catch(() => undefined);
        return undefined;
      }
      const now = new Date();
      await utimes(path, now, now).catch(() => undefined);
      return { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), type };
    },

    async write(key, variant) {
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      counted ??= sweep();
      await counted;
      await writeFileDurably(pathOf(key), variant.body, 0o644);
      bytes += variant.body.byteLength;
      if (bytes > maxBytes) {
        sweeping ??= sweep().finally(() => (sweeping = undefined));
        await sweeping;
      }
    },
  };
}

/** The media type of the formats the image service writes, from their first bytes. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(0, 4) === "GIF8") return "image/gif";
  if (ascii(4, 12) === "ftypavif") return "image/avif";
  return undefined;
}
