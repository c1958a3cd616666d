import type { SnapshotFrom } from "xstate";
import type { checkInMachine } from "./check-in.machine";
import type { FirstUse } from "./check-in.schema";
import { CHECK_IN_REFUSAL_KEYS } from "./check-in.settings";

export type CheckInStep = "ready" | "verifying" | "admitted" | "refused" | "failed";

export interface CheckInView {
  readonly step: CheckInStep;
  /** The full-screen colour: green for in, red for not, none while waiting. */
  readonly tone: "neutral" | "success" | "error";
  readonly titleKey: string;
  /** Why not, for a refusal or a failed check. */
  readonly reasonKey: string | undefined;
  /** For a ticket used before: where and when (the kiosk says the hour on its own clock). */
  readonly firstUse: FirstUse | undefined;
  /** The admitted ticket's code, for staff to read back. */
  readonly code: string | undefined;
  /** Changes with every result shown: an assertive live region keyed by it speaks each one. */
  readonly resultNumber: number;
  /** Whether the screen holds a result a tap dismisses. */
  readonly canDismiss: boolean;
}

const TITLES: Record<CheckInStep, string> = {
  ready: "kiosk.ready",
  verifying: "kiosk.verifying",
  admitted: "kiosk.admitted",
  refused: "kiosk.refused.title",
  failed: "kiosk.failed.title",
};

export function checkInView(snapshot: SnapshotFrom<typeof checkInMachine>): CheckInView {
  const step = snapshot.value as CheckInStep;
  const { decision, results } = snapshot.context;
  const showing = step === "admitted" || step === "refused";
  const refusal = showing && decision?.outcome === "refused" ? decision : undefined;
  return {
    step,
    tone: step === "admitted" ? "success" : step === "refused" || step === "failed" ? "error" : "neutral",
    titleKey: TITLES[step],
    reasonKey: refusal ? CHECK_IN_REFUSAL_KEYS[refusal.reason] : step === "failed" ? "kiosk.failed.text" : undefined,
    firstUse: refusal?.reason === "already-used" ? refusal.firstUse : undefined,
    code: showing && decision?.outcome === "admitted" ? decision.code : undefined,
    resultNumber: results,
    canDismiss: snapshot.can({ type: "DISMISS" }),
  };
}
