import { randomBytes, randomInt } from "node:crypto";
import { mkdir, readFile, readdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory, writeFileDurably } from "../durable-file";
import { STORED_FILE_ID_BYTES, UNATTACHED_FILES_LIMIT, UnattachedFilesFullError, displayFileName, freePlacesInRandomOrder, isStoredFileId, type FilesPort, type StoredFile } from "../../../core";

export interface DiskFilesOptions {
  /** A folder of its own, outside anything served (the site uses `<DATA_DIR>/files`). */
  readonly directory: string;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
  /** How many unattached files it keeps at most (UNATTACHED_FILES_LIMIT). */
  readonly unattachedLimit?: number;
}

/** What a place of an unattached file says: whose it is, and since when. */
interface Place {
  readonly id: string;
  readonly storedAt: number;
}

/**
 * FilesPort on the local disk (the embedded default). Each file is two: `<id>.bin`, the bytes, and
 * `<id>.json`, what is known of them; the metadata is written last, so a file is there once its
 * metadata is. Each is written to a temporary name, flushed to disk and renamed, and the folder is
 * flushed after the renames: after a crash a name holds a whole file or nothing. Files are readable
 * by the server's user only.
 *
 * An unattached file holds one of `unattachedLimit` places, `unattached/<n>.json`, taken by
 * creating the file exclusively: the file system decides between server processes, so no two
 * uploads ever hold one place. Attaching, deleting or purging the file frees its place. (A place
 * lost in a crash only leaves its file to the staff's daily purge.)
 */
export function createDiskFiles({ directory, now = Date.now, unattachedLimit = UNATTACHED_FILES_LIMIT }: DiskFilesOptions): FilesPort {
  // Made on first use, and tried again after a failure (a volume mounted late).
  let created: Promise<unknown> | undefined;
  const folderReady = () =>
    (created ??= mkdir(directory, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      created = undefined;
      throw error;
    }));
  const pathOf = (id: string, extension: "bin" | "json") => join(directory, `${id}.${extension}`);
  const places = join(directory, "unattached");
  const placePath = (place: number) => join(places, `${place}.json`);
  let placesCreated: Promise<unknown> | undefined;
  const placesReady = () =>
    (placesCreated ??= folderReady()
      .then(() => mkdir(places, { recursive: true, mode: 0o700 }))
      .catch((error: unknown) => {
        placesCreated = undefined;
        throw error;
      }));

  async function takenPlaces(): Promise<Map<number, Place>> {
    await placesReady();
    const taken = new Map<number, Place>();
    for (const name of await readdir(places)) {
      const place = /^(\d+)\.json$/.exec(name)?.[1];
      if (place === undefined) continue;
      const held = await readFile(join(places, name), "utf8").then(placeOf, ifMissing(undefined));
      if (held) taken.set(Number(place), held);
    }
    return taken;
  }

  /** Takes a free place for `held`, trying the free ones in random order; the number taken. */
  async function takePlace(held: Place): Promise<number> {
    const taken = await takenPlaces();
    for (const place of freePlacesInRandomOrder(unattachedLimit, taken, randomInt)) {
      try {
        await writeFile(placePath(place), JSON.stringify(held), { flag: "wx", mode: 0o600 });
        return place;
      } catch (error) {
        // Another upload, in this process or another, took it first.
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    throw new UnattachedFilesFullError(`${unattachedLimit} unattached files are kept already`);
  }

  /** Frees `id`'s place, if it holds one still. */
  async function freePlace(id: string): Promise<void> {
    const text = await readFile(pathOf(id, "json"), "utf8").catch(ifMissing(undefined));
    const place = text === undefined ? undefined : (JSON.parse(text) as { place?: number }).place;
    if (place === undefined) return;
    const held = await readFile(placePath(place), "utf8").then(placeOf, ifMissing(undefined));
    if (held?.id === id) await unlink(placePath(place)).catch(ifMissing(undefined));
  }

  async function readMetadata(id: string): Promise<StoredFile | undefined> {
    const text = await readFile(pathOf(id, "json"), "utf8").catch(ifMissing(undefined));
    return text === undefined ? undefined : storedFileOf(id, JSON.parse(text) as StoredFile);
  }

  return {
    async save({ bytes, contentType, originalName, purpose }) {
      await folderReady();
      const id = randomBytes(STORED_FILE_ID_BYTES).toString("base64url");
      const file: StoredFile = { id, originalName: displayFileName(originalName, contentType), contentType, size: bytes.byteLength, storedAt: now(), purpose };
      const place = await takePlace({ id, storedAt: file.storedAt });
      try {
        await writeFileDurably(pathOf(id, "bin"), bytes);
        await writeFileDurably(pathOf(id, "json"), new TextEncoder().encode(JSON.stringify({ ...file, place })));
        await syncDirectory(directory);
      } catch (error) {
        await unlink(pathOf(id, "bin")).catch(ifMissing(undefined));
        await unlink(placePath(place)).catch(ifMissing(undefined));
        throw error;
      }
      return file;
    },
    async attach(id) {
      if (!isStoredFileId(id) || !(await readMetadata(id))) return false;
      await freePlace(id);
      return true;
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
      await freePlace(id);
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
    async purgeUnattached(storedBefore) {
      let purged = 0;
      for (const [place, held] of await takenPlaces()) {
        if (held.storedAt >= storedBefore) continue;
        if (isStoredFileId(held.id)) {
          await unlink(pathOf(held.id, "json")).catch(ifMissing(undefined));
          await unlink(pathOf(held.id, "bin")).catch(ifMissing(undefined));
        }
        await unlink(placePath(place)).catch(ifMissing(undefined));
        purged += 1;
      }
      return purged;
    },
  };
}

/** A place's content; one cut short by a crash is held by no file since the epoch, so the next purge frees it. */
function placeOf(text: string): Place {
  try {
    const { id, storedAt } = JSON.parse(text) as Partial<Place>;
    if (typeof id === "string" && typeof storedAt === "number") return { id, storedAt };
  } catch {
    // Cut short.
  }
  return { id: "", storedAt: 0 };
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
