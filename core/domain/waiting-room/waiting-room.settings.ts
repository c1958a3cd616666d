/** Issue 51: the waiting room's timing. The arithmetic behind each number is in docs/waiting-room.md. */
export const WAITING_ROOM = {
  /** Arrivals are counted in spans of positions at most this long; the frontier moves over counted spans only. */
  spanMs: 1_000,
  /** Spans a catch-up counts one by one: the rest before them is one span. */
  catchUpSpans: 10,
  /** A position is counted this long after its time: arrivals still being written land first. */
  countGraceMs: 2_000,
  /** Everyone who arrives before the sale starts is placed at random within this last stretch before it (Cloudflare's pre-queue). */
  preQueueMs: 60_000,
  /** An admitted buyer's time to hold tickets; then their place goes. */
  admissionWindowMs: 10 * 60_000,
  /** The store moves the frontier at most once per this, however many instances ask: the frontier is one Firestore document, which takes about one write a second. */
  advanceEveryMs: 2_000,
  /** An allowance left unused (no one waiting) is not saved up past a minute's worth. */
  longestCatchUpMs: 60_000,
  /** How often the page asks with JavaScript, and refreshes itself without. */
  pollMs: 5_000,
  refreshSeconds: 20,
} as const;
