import { randomBytes, randomInt } from "node:crypto";
import type { App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import {
  STORED_FILE_ID_BYTES,
  UNATTACHED_FILES_LIMIT,
  UnattachedFilesFullError,
  displayFileName,
  freePlacesInRandomOrder,
  isStoredFileId,
  type FilesPort,
  type StoredFile,
  type StoredFilePurpose,
} from "../../core";

/** Where the files live in the bucket: `lead-files/<id>`. */
export const STORAGE_FILES_FOLDER = "lead-files";

export interface StorageFilesOptions {
  readonly app: App;
  /** The bucket's name; the app's `storageBucket` when absent. */
  readonly bucket?: string;
  /** Another folder (tests keep runs apart this way). */
  readonly folder?: string;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
  /** How many unattached files it keeps at most (UNATTACHED_FILES_LIMIT). */
  readonly unattachedLimit?: number;
}

type Bucket = ReturnType<ReturnType<typeof getStorage>["bucket"]>;
type StorageObject = ReturnType<Bucket["file"]>;

/**
 * FilesPort on Firebase Storage (production), through firebase-admin, which needs no security
 * rules and bypasses them: the objects get no download token and are never made public, so no URL
 * reaches them. What is known of a file is the object's content type and custom metadata. An
 * upload is one request that Cloud Storage answers once the object is written (checksummed, and
 * never over an object already there).
 *
 * An unattached file holds one of `unattachedLimit` places, the objects `<folder>/unattached/<n>`
 * (whose metadata name the file and when it was stored), each created only if it is not there
 * (ifGenerationMatch 0): Cloud Storage decides between every instance, so no two uploads ever hold
 * one place. Attaching, deleting or purging the file frees its place.
 */
export function createStorageFiles({ app, bucket: bucketName, folder = STORAGE_FILES_FOLDER, now = Date.now, unattachedLimit = UNATTACHED_FILES_LIMIT }: StorageFilesOptions): FilesPort {
  // Looked up on first use: without a bucket name this throws there, not while the server starts.
  let bucket: Bucket | undefined;
  const bucketOf = () => (bucket ??= getStorage(app).bucket(bucketName));
  const objectOf = (id: string) => bucketOf().file(`${folder}/${id}`);
  const places = `${folder}/unattached/`;
  const placeOf = (place: number) => bucketOf().file(`${places}${place}`);

  /** The places taken, with the file each holds and since when. */
  async function takenPlaces(): Promise<Map<number, { readonly id: string; readonly storedAt: number }>> {
    const [objects] = await bucketOf().getFiles({ prefix: places, autoPaginate: true });
    return new Map(
      objects.flatMap((object: StorageObject) => {
        const place = /^\d+$/.test(object.name.slice(places.length)) ? Number(object.name.slice(places.length)) : undefined;
        const custom = object.metadata.metadata ?? {};
        return place === undefined ? [] : [[place, { id: String(custom.fileId ?? ""), storedAt: Number(custom.storedAt ?? 0) }] as const];
      }),
    );
  }

  async function takePlace(id: string, storedAt: number): Promise<number> {
    const taken = await takenPlaces();
    for (const place of freePlacesInRandomOrder(unattachedLimit, taken, randomInt)) {
      const created = await placeOf(place)
        .save("", { resumable: false, metadata: { metadata: { fileId: id, storedAt: String(storedAt) } }, preconditionOpts: { ifGenerationMatch: 0 } })
        .then(
          () => true,
          // 412: another upload, on this instance or another, took it first.
          (error: unknown) => {
            if ((error as { code?: unknown }).code === 412) return false;
            throw error;
          },
        );
      if (created) return place;
    }
    throw new UnattachedFilesFullError(`${unattachedLimit} unattached files are kept already`);
  }

  /** Frees `id`'s place, if it holds one still. */
  async function freePlace(id: string, place: string | undefined): Promise<void> {
    if (place === undefined || !/^\d+$/.test(place)) return;
    const object = placeOf(Number(place));
    const metadata = await object.getMetadata().then(([found]) => found, ifNotFound(undefined));
    if (metadata?.metadata?.fileId !== id) return;
    await object.delete({ ifGenerationMatch: metadata.generation }).catch((error: unknown) => {
      if (![404, 412].includes((error as { code?: number }).code ?? 0)) throw error;
    });
  }

  const placeOfFile = (id: string) =>
    objectOf(id)
      .getMetadata()
      .then(([metadata]) => String(metadata.metadata?.place ?? ""), ifNotFound(undefined));

  return {
    async save({ bytes, contentType, originalName, purpose }) {
      const id = randomBytes(STORED_FILE_ID_BYTES).toString("base64url");
      const file: StoredFile = { id, originalName: displayFileName(originalName, contentType), contentType, size: bytes.byteLength, storedAt: now(), purpose };
      const place = await takePlace(id, file.storedAt);
      await objectOf(id)
        .save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          resumable: false,
          validation: "crc32c",
          metadata: {
            contentType,
            cacheControl: "private, no-store",
            metadata: { originalName: file.originalName, storedAt: String(file.storedAt), purpose, place: String(place) },
          },
          preconditionOpts: { ifGenerationMatch: 0 },
        })
        .catch(async (error: unknown) => {
          await placeOf(place).delete({ ignoreNotFound: true });
          throw error;
        });
      return file;
    },
    async attach(id) {
      if (!isStoredFileId(id)) return false;
      const place = await placeOfFile(id);
      if (place === undefined) return false;
      await freePlace(id, place);
      return true;
    },
    async read(id) {
      if (!isStoredFileId(id)) return undefined;
      const object = objectOf(id);
      const file = await object.getMetadata().then(([metadata]) => storedFileOf(id, metadata), ifNotFound(undefined));
      if (!file) return undefined;
      const bytes = await object.download().then(([contents]) => contents, ifNotFound(undefined));
      return bytes && { file, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
    async delete(id) {
      if (!isStoredFileId(id)) return;
      await freePlace(id, await placeOfFile(id));
      await objectOf(id).delete({ ignoreNotFound: true });
    },
    async list({ storedBefore = Number.POSITIVE_INFINITY }) {
      const [objects] = await bucketOf().getFiles({ prefix: `${folder}/`, autoPaginate: true });
      return objects
        .flatMap((object: StorageObject) => {
          const id = object.name.slice(folder.length + 1);
          return isStoredFileId(id) ? [storedFileOf(id, object.metadata)] : [];
        })
        .filter((file) => file.storedAt < storedBefore)
        .sort((a, b) => a.storedAt - b.storedAt);
    },
    async purgeUnattached(storedBefore) {
      let purged = 0;
      for (const [place, held] of await takenPlaces()) {
        if (held.storedAt >= storedBefore) continue;
        if (isStoredFileId(held.id)) await objectOf(held.id).delete({ ignoreNotFound: true });
        await placeOf(place).delete({ ignoreNotFound: true });
        purged += 1;
      }
      return purged;
    },
  };
}

function storedFileOf(id: string, metadata: StorageObject["metadata"]): StoredFile {
  const custom = metadata.metadata ?? {};
  return {
    id,
    originalName: String(custom.originalName ?? ""),
    contentType: metadata.contentType ?? "application/octet-stream",
    size: Number(metadata.size ?? 0),
    storedAt: Number(custom.storedAt ?? 0),
    purpose: String(custom.purpose ?? "cv") as StoredFilePurpose,
  };
}

function ifNotFound<T>(value: T): (error: unknown) => T {
  return (error) => {
    if ((error as { code?: unknown }).code === 404) return value;
    throw error;
  };
}
