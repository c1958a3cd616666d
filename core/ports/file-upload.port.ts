import type { StorageErrorCode } from "../domain/storage/storage-error.ops";

/** A file the server has durably kept: the id a form then names it by. */
export interface UploadedFile {
  readonly id: string;
  /** The name as the server keeps it (made safe), for the form to show. */
  readonly name: string;
  readonly size: number;
}

export interface FileUploadOptions {
  /** Bytes sent so far of `total`; a retried upload starts again from 0. */
  readonly onProgress?: (loaded: number, total: number) => void;
  /** Aborting stops the transfer; the upload then rejects with `storage/canceled`. */
  readonly signal?: AbortSignal;
}

/** How an upload fails: Firebase Storage's code (SPEC §8), and the HTTP status when there was an answer. */
export interface FileUploadFailure {
  readonly code: StorageErrorCode;
  /** Undefined when no answer came (the network): the retry policy retries that. */
  readonly status?: number;
  /** From a Retry-After header. */
  readonly retryAfterMs?: number;
}

/**
 * Browser side: one attempt at sending a file to the site (the CV of a job application). Retries
 * are the caller's (see uploadCv); one call is one transfer. Rejects with a FileUploadFailure.
 */
export interface FileUploadPort {
  upload(file: Blob, name: string, options?: FileUploadOptions): Promise<UploadedFile>;
}
