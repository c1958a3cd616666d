import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory, writeFileDurably } from "../durable-file";
import { STORED_FILE_ID_BYTES, displayFileName, isStoredFileId, type FilesPort, type StoredFile } from "../../../core";

export interface DiskFilesOptions {
  /** A folder of its own, outside anything served (the site uses `<DATA_DIR>/files`). */
  readonly directory: string;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

/**
 * FilesPort on the local disk (the embedded default). Each file is two: `<id>.bin`, the bytes, and
 * `<id>.json`, what is known of them; the metadata is written last, so a file is there once its
 * metadata is. Each is written to a temporary name, flushed to disk and renamed, and the folder is
 * flushed after the renames: after a crash a name holds a whole file or nothing. Files are readable
 * by the server's user only.
 */
export function createDiskFiles({ directory, now = Date.now }: DiskFilesOptions): FilesPort {
  // Made on first use, and tried again after a failure (a volume mounted late).
  let created: Promise<unknown> | undefined;
  const folderReady = () =>
    (created ??= mkdir(directory, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      created = undefined;
      throw error;
    }));
  const pathOf = (id: string, extension: "bin" | "json") => join(directory, `${id}.${extension}`);

  async function readMetadata(id: string): Promise<StoredFile | undefined> {
    const text = await readFile(pathOf(id, "json"), "utf8").catch(ifMissing(undefined));
    return text === undefined ? undefined : storedFileOf(id, JSON.parse(text) as StoredFile);
  }

  return {
    async save({ bytes, contentType, originalName, purpose }) {
      await folderReady();
      const id = randomBytes(STORED_FILE_ID_BYTES).toString("base64url");
      const file: StoredFile = { id, originalName: displayFileName(originalName, contentType), contentType, size: bytes.byteLength, storedAt: now(), purpose };
      await writeFileDurably(pathOf(id, "bin"), bytes);
      await writeFileDurably(pathOf(id, "json"), new TextEncoder().encode(JSON.stringify(file)));
      await syncDirectory(directory);
      return file;
    },
    async read(id) {
      if (!isStoredFileId(id)) return undefined;
      const file = await readMetadata(id);
      if (!file) return undefined;
      const bytes = await readFile(pathOf(id, "bin")).catch(ifMissing(undefined));
      return bytes && { file, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
    async delete(id) {
      if (!isStoredFileId(id)) return;
      // The metadata first: from then on the file is gone for every reader.
      await unlink(pathOf(id, "json")).catch(ifMissing(undefined));
      await unlink(pathOf(id, "bin")).catch(ifMissing(undefined));
    },
    async list({ storedBefore = Number.POSITIVE_INFINITY }) {
      await folderReady();
      const ids = (await readdir(directory)).flatMap((name) => {
        const id = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
        return isStoredFileId(id) ? [id] : [];
      });
      const files = await Promise.all(ids.map(readMetadata));
      return files.filter((file): file is StoredFile => file !== undefined && file.storedAt < storedBefore).sort((a, b) => a.storedAt - b.storedAt);
    },
  };
}

function storedFileOf(id: string, stored: StoredFile): StoredFile {
  return { id, originalName: stored.originalName, contentType: stored.contentType, size: stored.size, storedAt: stored.storedAt, purpose: stored.purpose };
}

function ifMissing<T>(value: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return value;
    throw error;
  };
}
