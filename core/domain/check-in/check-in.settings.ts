import type { CheckInRefusal } from "./check-in.ops";

export const CHECK_IN = {
  /** Issue 54: how long a result fills the kiosk's screen before it is ready for the next person. */
  resultMs: 2_500,
  /**
   * How often a gate online downloads its event's pack again: what other gates let in, tickets sold
   * or cancelled since. A 20,000-ticket pack is a few megabytes: 40 gates every two minutes is
   * under a megabyte a second for the server, and a duplicate the pack missed is still caught at sync.
   */
  packRefreshMs: 120_000,
} as const;

/** What the kiosk says for each refusal. */
export const CHECK_IN_REFUSAL_KEYS = {
  "not-valid": "kiosk.refused.notValid",
  "wrong-event": "kiosk.refused.wrongEvent",
  cancelled: "kiosk.refused.cancelled",
  refunded: "kiosk.refused.refunded",
  "already-used": "kiosk.refused.alreadyUsed",
} as const satisfies Record<CheckInRefusal, string>;
