/** What a failed attempt reports, whatever the transport: an HTTP status, a storage code, or neither. */
export interface AttemptFailure {
  readonly status?: number;
  readonly code?: string;
  /** From a Retry-After header: the server's own wait, honoured when longer than ours. */
  readonly retryAfterMs?: number;
  readonly message?: string;
}

export interface RetryPolicy {
  readonly name: string;
  /** Retries after the first attempt; the storage policies are bounded by time instead. */
  readonly maxRetries: number;
  /** Wall-clock budget for the whole operation, waits included. */
  readonly deadlineMs: number;
  readonly isRetryable: (failure: AttemptFailure) => boolean;
  /** The wait before retry number `retry` (0-based); `random` is in [0, 1). */
  readonly delayMs: (retry: number, random: number) => number;
}

/** SPEC §7: 5xx, 408 and 429 are retried; a failure with no status (the network) too. */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true;
  return status >= 500 || status === 408 || status === 429;
}

export function asAttemptFailure(error: unknown): AttemptFailure {
  if (typeof error !== "object" || error === null) return { message: String(error) };
  const { status, code, retryAfterMs, message } = error as Record<string, unknown>;
  return {
    ...(typeof status === "number" ? { status } : {}),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof retryAfterMs === "number" ? { retryAfterMs } : {}),
    ...(typeof message === "string" ? { message } : {}),
  };
}

const HTTP_BASE_DELAY_MS = 300;
const HTTP_MAX_DELAY_MS = 5_000;

/** The browser's API client: three retries, exponential from 300 ms with up to 50 % jitter. */
export const HTTP_RETRY: RetryPolicy = {
  name: "http",
  maxRetries: 3,
  deadlineMs: 30_000,
  isRetryable: (failure) => isRetryableStatus(failure.status),
  delayMs: (retry, random) => {
    const base = Math.min(HTTP_MAX_DELAY_MS, HTTP_BASE_DELAY_MS * 2 ** retry);
    return Math.round(base * (1 + random / 2));
  },
};

/** SPEC §8/§9: the content service's 429 waits 300 ms and is retried up to 10 times. */
export const CONTENT_RETRY: RetryPolicy = {
  name: "content",
  maxRetries: 10,
  deadlineMs: 60_000,
  isRetryable: (failure) => failure.status === 429,
  delayMs: () => 300,
};

const STORAGE_FIRST_DELAY_MS = 1_000;
const STORAGE_MAX_DELAY_MS = 64_000;
const STORAGE_JITTER_MS = 1_000;
const STORAGE_RETRYABLE_CODES = new Set(["storage/retry-limit-exceeded", "storage/unknown", "storage/internal-error"]);

/**
 * SPEC §9: an upload gives up after 10 minutes. SPEC's 2 minutes for other storage operations has
 * no policy here: the browser's only storage operation is the CV's upload, and the server's reads,
 * attachments and deletions go through firebase-admin's Cloud Storage client, which retries them
 * itself (or through the disk).
 */
export const STORAGE_UPLOAD_RETRY: RetryPolicy = {
  name: "storage-upload",
  maxRetries: Number.POSITIVE_INFINITY,
  deadlineMs: 10 * 60_000,
  isRetryable: (failure) => (failure.code === undefined ? isRetryableStatus(failure.status) : STORAGE_RETRYABLE_CODES.has(failure.code)),
  // SPEC §9: the wait doubles up to 64 s, with jitter.
  delayMs: (retry, random) => Math.min(STORAGE_MAX_DELAY_MS, STORAGE_FIRST_DELAY_MS * 2 ** retry) + Math.floor(random * STORAGE_JITTER_MS),
};

/** A transport's code for a mail the server refused for good (an unknown mailbox): retrying cannot help. */
export const MAIL_REJECTED = "mail/rejected";

/** The first wait after a failed delivery, unless configured (MAIL_RETRY_FIRST_DELAY_MS). */
export const MAIL_FIRST_DELAY_MS = 30_000;
const MAIL_MAX_DELAY_MS = 60 * 60_000;

/**
 * The mail outbox: an SMTP outage delays mail and loses none. The wait doubles from `firstDelayMs`
 * (30 s) up to an hour, with jitter, for two days from when the mail was queued; only a permanent
 * rejection gives up at once.
 */
export function mailDeliveryRetry(firstDelayMs: number = MAIL_FIRST_DELAY_MS): RetryPolicy {
  // Up to a sixth of the first wait: 5 s at the default 30 s.
  const jitterMs = firstDelayMs / 6;
  return {
    name: "mail-delivery",
    maxRetries: Number.POSITIVE_INFINITY,
    deadlineMs: 2 * 24 * 60 * 60_000,
    isRetryable: (failure) => failure.code !== MAIL_REJECTED,
    delayMs: (retry, random) => Math.min(MAIL_MAX_DELAY_MS, firstDelayMs * 2 ** retry) + Math.floor(random * jitterMs),
  };
}

export const MAIL_DELIVERY_RETRY: RetryPolicy = mailDeliveryRetry();

export type RetryDecision =
  | { readonly kind: "retry"; readonly delayMs: number }
  | { readonly kind: "give-up" }
  | { readonly kind: "limit-exceeded" };

/**
 * Whether to retry after `retry` earlier retries, `elapsedMs` into the operation. A wait that would
 * cross the deadline is not started: the operation ends in retry-limit-exceeded instead.
 */
export function decideRetry(
  policy: RetryPolicy,
  failure: AttemptFailure,
  retry: number,
  elapsedMs: number,
  random: number,
): RetryDecision {
  if (!policy.isRetryable(failure)) return { kind: "give-up" };
  if (retry >= policy.maxRetries) return { kind: "limit-exceeded" };
  const delayMs = Math.max(policy.delayMs(retry, random), failure.retryAfterMs ?? 0);
  if (elapsedMs + delayMs > policy.deadlineMs) return { kind: "limit-exceeded" };
  return { kind: "retry", delayMs };
}
