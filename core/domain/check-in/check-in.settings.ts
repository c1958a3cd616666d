import type { CheckInRefusal } from "./check-in.ops";

/** Issue 54: how long a result fills the kiosk's screen before it is ready for the next person. */
export const CHECK_IN = {
  resultMs: 2_500,
} as const;

/** What the kiosk says for each refusal. */
export const CHECK_IN_REFUSAL_KEYS = {
  "not-valid": "kiosk.refused.notValid",
  "wrong-event": "kiosk.refused.wrongEvent",
  cancelled: "kiosk.refused.cancelled",
  "already-used": "kiosk.refused.alreadyUsed",
} as const satisfies Record<CheckInRefusal, string>;
