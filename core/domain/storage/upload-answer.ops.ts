import { isRetryableStatus } from "../retry/retry.policy";
import type { StorageErrorCode } from "./storage-error.ops";

/**
 * The storage code for an upload's HTTP answer, as Firebase Storage would name it; undefined
 * status is no answer at all. What the upload policy retries (network, 5xx, 408, 429) becomes
 * `storage/unknown`, a code it retries; every other answer a code it does not. Apart from the
 * storage errors' messages: an upload adapter names the code, and only the form shows the text.
 */
export function storageErrorCodeOfStatus(status: number | undefined): StorageErrorCode {
  if (isRetryableStatus(status)) return "storage/unknown";
  switch (status) {
    case 401:
      return "storage/unauthenticated";
    case 403:
      return "storage/unauthorized";
    case 413:
      return "storage/quota-exceeded";
    default:
      // 400 (an empty file), 415 (not a PDF, DOC or DOCX), and any other refusal.
      return "storage/invalid-argument";
  }
}
