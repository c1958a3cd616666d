/**
 * A failure count too contended to write in time (many failures under one key at the same
 * moment, on a shared store). The attempt it counts has failed anyway: the request can be answered
 * 503 with Retry-After, as a busy ticket store is.
 */
export class FailureCountersBusyError extends Error {
  override readonly name = "FailureCountersBusyError";
}
