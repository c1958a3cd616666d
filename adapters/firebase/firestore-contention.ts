/**
 * Contention outlasted the transaction's attempts, and nothing was written: gRPC ABORTED (10)
 * from the last attempt, or, sooner, the client library's backoff giving up after its tenth retry
 * (backoff.js, MAX_RETRY_ATTEMPTS) with "Exceeded maximum number of retries allowed." and no code
 * at all (issue 50: that one was answered 500).
 */
export function isContention(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 10) return true;
  return code === undefined && typeof message === "string" && message.startsWith("Exceeded maximum number of retries");
}
