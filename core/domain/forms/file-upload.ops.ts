import { createActor, fromPromise, toPromise } from "xstate";
import type { FileUploadPort, UploadedFile } from "../../ports/file-upload.port";
import { retryMachine, type RetryOutput } from "../retry/retry.machine";
import { STORAGE_UPLOAD_RETRY } from "../retry/retry.policy";
import { storageErrorKey, type StorageErrorCode, type StorageErrorKey } from "../storage/storage-error.ops";
import { storageErrorCodeOfStatus } from "../storage/upload-answer.ops";
import { CV_FILE_RULES } from "./cv-file.ops";

/** What the retry machine's timers run on: the real clock, or xstate's SimulatedClock in tests. */
export interface UploadClock {
  setTimeout(callback: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface CvUploadOptions {
  readonly onProgress?: (loaded: number, total: number) => void;
  /** Aborting cancels the upload, in flight or between retries. */
  readonly signal?: AbortSignal;
  /** Measures SPEC §9's 10 minutes; must agree with `clock`. */
  readonly now?: () => number;
  readonly random?: () => number;
  readonly clock?: UploadClock;
}

/** A message key for each way an upload can end badly; the CV's own two before the storage ones. */
export type UploadErrorKey = StorageErrorKey | "validation.cv.tooLarge" | "validation.cv.unsupported" | "validation.cv.busy";

export type CvUploadResult =
  | { readonly outcome: "uploaded"; readonly file: UploadedFile; readonly retries: number }
  | { readonly outcome: "failed"; readonly code: StorageErrorCode; readonly messageKey: UploadErrorKey; readonly retries: number };

/**
 * Sends a CV through `port` under SPEC §9's upload policy with the core's retry machine: a network
 * failure, 5xx, 408 or 429 is tried again, the wait doubling up to 64 s with jitter, for at most
 * 10 minutes in all; cancelling (the signal) stops the transfer in flight. A file over 5 MB is
 * refused before a byte is sent: the server would refuse it anyway, and may close the connection
 * while the browser is still sending, which would look like a network failure worth retrying.
 */
export async function uploadCv(port: FileUploadPort, file: Blob, name: string, options: CvUploadOptions = {}): Promise<CvUploadResult> {
  if (file.size > CV_FILE_RULES.maxBytes) return failed("storage/quota-exceeded", 0);
  if (options.signal?.aborted) return failed("storage/canceled", 0);
  const machine = retryMachine.provide({
    actors: {
      // The attempt's signal aborts when the machine leaves the attempt: a CANCEL aborts the transfer.
      attempt: fromPromise(({ signal }) => port.upload(file, name, { onProgress: options.onProgress, signal })),
    },
  });
  const actor = createActor(machine, {
    input: { policy: STORAGE_UPLOAD_RETRY, now: options.now ?? Date.now, random: options.random ?? Math.random },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const cancel = () => actor.send({ type: "CANCEL" });
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    actor.start();
    return resultOf((await toPromise(actor)) as RetryOutput);
  } finally {
    options.signal?.removeEventListener("abort", cancel);
  }
}

function resultOf(output: RetryOutput): CvUploadResult {
  switch (output.outcome) {
    case "success":
      return { outcome: "uploaded", file: output.value as UploadedFile, retries: output.retries };
    case "canceled":
      return failed("storage/canceled", output.retries);
    case "retry-limit-exceeded":
      return failed("storage/retry-limit-exceeded", output.retries);
    case "failed":
      return failed(isStorageErrorCode(output.failure?.code) ? output.failure.code : storageErrorCodeOfStatus(output.failure?.status), output.retries, output.failure?.status);
  }
}

function failed(code: StorageErrorCode, retries: number, status?: number): CvUploadResult {
  return { outcome: "failed", code, messageKey: uploadErrorKey(code, status), retries };
}

function isStorageErrorCode(code: string | undefined): code is StorageErrorCode {
  return code?.startsWith("storage/") ?? false;
}

/**
 * The message for how an upload ended (SPEC §8's storage messages, and the CV's own rules). Over
 * quota is the file's size, unless the server answered 503: then the site's uploads are full.
 */
export function uploadErrorKey(code: string | undefined, status?: number): UploadErrorKey {
  switch (code) {
    case "storage/quota-exceeded":
      return status === 503 ? "validation.cv.busy" : "validation.cv.tooLarge";
    case "storage/invalid-argument":
      return "validation.cv.unsupported";
    default:
      return storageErrorKey(code);
  }
}
