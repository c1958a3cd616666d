import { randomBytes } from "node:crypto";
import type { App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { STORED_FILE_ID_BYTES, displayFileName, isStoredFileId, type FilesPort, type StoredFile, type StoredFilePurpose } from "../../core";

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
}

type Bucket = ReturnType<ReturnType<typeof getStorage>["bucket"]>;
type StorageObject = ReturnType<Bucket["file"]>;

/**
 * FilesPort on Firebase Storage (production), through firebase-admin, which needs no security
 * rules and bypasses them: the objects get no download token and are never made public, so no URL
 * reaches them. What is known of a file is the object's content type and custom metadata. An
 * upload is one request that Cloud Storage answers once the object is written (checksummed, and
 * never over an object already there).
 */
export function createStorageFiles({ app, bucket: bucketName, folder = STORAGE_FILES_FOLDER, now = Date.now }: StorageFilesOptions): FilesPort {
  // Looked up on first use: without a bucket name this throws there, not while the server starts.
  let bucket: Bucket | undefined;
  const bucketOf = () => (bucket ??= getStorage(app).bucket(bucketName));
  const objectOf = (id: string) => bucketOf().file(`${folder}/${id}`);

  return {
    async save({ bytes, contentType, originalName, purpose }) {
      const id = randomBytes(STORED_FILE_ID_BYTES).toString("base64url");
      const file: StoredFile = { id, originalName: displayFileName(originalName, contentType), contentType, size: bytes.byteLength, storedAt: now(), purpose };
      await objectOf(id).save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        resumable: false,
        validation: "crc32c",
        metadata: {
          contentType,
          cacheControl: "private, no-store",
          metadata: { originalName: file.originalName, storedAt: String(file.storedAt), purpose },
        },
        preconditionOpts: { ifGenerationMatch: 0 },
      });
      return file;
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
