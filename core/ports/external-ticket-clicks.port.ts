/** How many times the buy button of an event sold elsewhere was followed on one day (UTC). */
export interface ExternalTicketClicks {
  readonly eventId: string;
  /** yyyy-mm-dd, UTC. */
  readonly day: string;
  readonly clicks: number;
}

/**
 * Issue 10: the venue counts how many visitors it sends to each event's external seller (what the
 * promoter's commission is negotiated on). A count, not a log. A visitor counts once per event and
 * UTC day, however often they click (issue 48: one address inflated the count by 8,104 in 5 s): the
 * store keeps, for the day of the click only, the `visitor` key it is given, which is a keyed hash
 * that changes every day (the HTTP route makes it of the client's address, the day and a server
 * secret), never an address or anything personal.
 */
export interface ExternalTicketClicksPort {
  /**
   * A click on `eventId`'s external buy button at `at` (ISO 8601) by `visitor`: one more click
   * unless that visitor was counted for that event on that day. Clicks come in time order: a
   * store may forget the visitors of earlier days.
   */
  record(eventId: string, at: string, visitor: string): Promise<void>;
  /** Every event's clicks per day from `sinceDay` (yyyy-mm-dd) on, by event then day. */
  totals(sinceDay: string): Promise<readonly ExternalTicketClicks[]>;
}
