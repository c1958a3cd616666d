/**
 * A ticket store too contended to decide in time (Firestore's transaction retries exhausted,
 * SQLite's busy timeout passed). Nothing was taken: the request can be repeated, so the API answers
 * 503 with Retry-After instead of a 500.
 */
export class TicketStoreBusyError extends Error {
  override readonly name = "TicketStoreBusyError";
}
