/** SPEC §8: Firebase Storage's error codes (prefix storage/), shared by the local files adapter. */
export const STORAGE_ERROR_CODES = [
  "unknown",
  "object-not-found",
  "bucket-not-found",
  "project-not-found",
  "quota-exceeded",
  "unauthenticated",
  "unauthorized",
  "unauthorized-app",
  "retry-limit-exceeded",
  "invalid-checksum",
  "canceled",
  "invalid-url",
  "invalid-default-bucket",
  "invalid-argument",
  "app-deleted",
  "invalid-root-operation",
  "internal-error",
  "no-default-bucket",
  "cannot-slice-blob",
  "server-file-wrong-size",
  "invalid-format",
  "invalid-event-name",
  "no-download-url",
  "unsupported-environment",
] as const;

export type StorageErrorCode = `storage/${(typeof STORAGE_ERROR_CODES)[number]}`;

export type StorageErrorKey = "storage.error.retryLimitExceeded" | "storage.error.canceled" | "storage.error.notFound" | "storage.error.unauthorized" | "storage.error.generic";

export function storageErrorKey(code: string | undefined): StorageErrorKey {
  switch (code) {
    case "storage/retry-limit-exceeded":
      return "storage.error.retryLimitExceeded";
    case "storage/canceled":
      return "storage.error.canceled";
    case "storage/object-not-found":
      return "storage.error.notFound";
    case "storage/unauthenticated":
    case "storage/unauthorized":
    case "storage/unauthorized-app":
      return "storage.error.unauthorized";
    default:
      return "storage.error.generic";
  }
}
