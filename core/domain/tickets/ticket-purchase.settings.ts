/** Issue 10: the purchase's timing and what it says. */
export const TICKET_PURCHASE = {
  /** How long the ticket store holds chosen tickets, and how much more its one extension gives. */
  holdMs: 10 * 60_000,
  extensionMs: 5 * 60_000,
  /** The countdown's step. */
  tickMs: 1_000,
  /**
   * What screen readers hear as the hold runs down, in the order the countdown reaches them: often
   * enough to plan by, rarely enough not to interrupt (a live region that spoke every second would
   * be unusable).
   */
  announcements: [
    { atSeconds: 300, key: "tickets.hold.fiveMinutesLeft" },
    { atSeconds: 120, key: "tickets.hold.twoMinutesLeft" },
    { atSeconds: 60, key: "tickets.hold.oneMinuteLeft" },
    { atSeconds: 30, key: "tickets.hold.thirtySecondsLeft" },
  ],
} as const;

/**
 * How a `hold`, `extendHold` or `pay` actor rejects; anything else is an unknown failure. A hold
 * past the buyer's per-buyer limit is `over-buyer-limit` while they may still have some of the
 * type (they may choose fewer), `buyer-limit-reached` once they have all they may; `rate-limited`
 * asks them to wait before holding again.
 */
export interface TicketPurchaseFailure {
  readonly kind: "sold-out" | "hold-expired" | "payment-declined" | "network" | "over-buyer-limit" | "buyer-limit-reached" | "rate-limited";
}

export const TICKET_PURCHASE_ERROR_KEYS = {
  "sold-out": "tickets.error.soldOut",
  "hold-expired": "tickets.error.holdExpired",
  "payment-declined": "tickets.error.paymentFailed",
  network: "tickets.error.network",
  "over-buyer-limit": "tickets.error.overBuyerLimit",
  "buyer-limit-reached": "tickets.error.buyerLimitReached",
  "rate-limited": "tickets.error.tooManyHolds",
  unknown: "tickets.error.generic",
  extension: "tickets.error.extendFailed",
} as const;

export type TicketPurchaseFailureKind = TicketPurchaseFailure["kind"] | "unknown";

const FAILURE_KINDS: ReadonlySet<unknown> = new Set<TicketPurchaseFailure["kind"]>([
  "sold-out",
  "hold-expired",
  "payment-declined",
  "network",
  "over-buyer-limit",
  "buyer-limit-reached",
  "rate-limited",
]);

export function ticketPurchaseFailureKind(error: unknown): TicketPurchaseFailureKind {
  const kind = typeof error === "object" && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return FAILURE_KINDS.has(kind) ? (kind as TicketPurchaseFailure["kind"]) : "unknown";
}
