/** How many times the buy button of an event sold elsewhere was followed on one day (UTC). */
export interface ExternalTicketClicks {
  readonly eventId: string;
  /** yyyy-mm-dd, UTC. */
  readonly day: string;
  readonly clicks: number;
}

/**
 * Issue 10: the venue counts how many visitors it sends to each event's external seller (what the
 * promoter's commission is negotiated on). A count, not a log: no visitor is recorded.
 */
export interface ExternalTicketClicksPort {
  /** One more click on `eventId`'s external buy button at `at` (ISO 8601). */
  record(eventId: string, at: string): Promise<void>;
  /** Every event's clicks per day from `sinceDay` (yyyy-mm-dd) on, by event then day. */
  totals(sinceDay: string): Promise<readonly ExternalTicketClicks[]>;
}
