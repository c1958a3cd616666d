import { isRetryableStatus } from "../retry/retry.policy";
import type { StorageErrorCode } from "./storage-error.ops";

/** The API's error code for an upload refused while the site keeps as many unattached uploads as it may. */
export const UPLOADS_FULL_ERROR = "uploads-full";

/**
 * The storage code for an upload's HTTP answer, as Firebase Storage would name it; undefined
 * status is no answer at all. What the upload policy retries (network, 5xx, 408, 429) becomes
 * `storage/unknown`, a code it retries; every other answer a code it does not. Apart from the
 * storage errors' messages: an upload adapter names the code, and only the form shows the text.
 * The site's uploads being full (`apiErrorCode`, a 503) is Storage's quota-exceeded: the place
 * frees in minutes, past the upload's retries, so the form says to come back instead.
 */
export function storageErrorCodeOfStatus(status: number | undefined, apiErrorCode?: string): StorageErrorCode {
  if (apiErrorCode === UPLOADS_FULL_ERROR) return "storage/quota-exceeded";
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
