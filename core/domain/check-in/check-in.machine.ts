import { assign, fromPromise, setup } from "xstate";
import type { CheckInDecision } from "./check-in.ops";
import { CHECK_IN } from "./check-in.settings";

export type CheckInEvent =
  /** What the camera, a hardware scanner (keystrokes ending in Enter) or staff typing read. */
  | { type: "SCAN"; text: string }
  /** Staff tap the result away before it times out. */
  | { type: "DISMISS" };

export interface CheckInContext {
  /** The last scan's decision; undefined before the first, and after a check that failed. */
  readonly decision: CheckInDecision | undefined;
  /** How many results were shown: a live region announces each, even the same one twice running. */
  readonly results: number;
}

/**
 * Issue 54: one door's scanning. ready → (SCAN) → verifying (the `decide` actor verifies the text
 * and records an admission, on the device, offline) → admitted or refused, full screen, for
 * CHECK_IN.resultMs → ready. The next person's scan during a result starts their check at once;
 * a scan while verifying is the same code read twice by the scanner and is ignored. A `decide`
 * that fails (the device's store) is `failed`: nothing was recorded, scan again.
 */
export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
  },
  actors: {
    decide: fromPromise<CheckInDecision, { readonly text: string }>(async () => {
      throw new Error("decide must be provided");
    }),
  },
  delays: {
    showResult: CHECK_IN.resultMs,
  },
  guards: {
    readSomething: (_, params: { text: string }) => params.text.trim() !== "",
    admitted: (_, params: { decision: CheckInDecision }) => params.decision.outcome === "admitted",
  },
  actions: {
    showDecision: assign(({ context }, params: { decision: CheckInDecision | undefined }) => ({ decision: params.decision, results: context.results + 1 })),
  },
}).createMachine({
  id: "checkIn",
  context: { decision: undefined, results: 0 },
  initial: "ready",
  on: {
    SCAN: { guard: { type: "readSomething", params: ({ event }) => ({ text: event.text }) }, target: ".verifying" },
  },
  states: {
    ready: {},
    verifying: {
      on: { SCAN: {} },
      invoke: {
        src: "decide",
        input: ({ event }) => ({ text: event.type === "SCAN" ? event.text.trim() : "" }),
        onDone: [
          {
            guard: { type: "admitted", params: ({ event }) => ({ decision: event.output }) },
            target: "admitted",
            actions: { type: "showDecision", params: ({ event }) => ({ decision: event.output }) },
          },
          { target: "refused", actions: { type: "showDecision", params: ({ event }) => ({ decision: event.output }) } },
        ],
        onError: { target: "failed", actions: { type: "showDecision", params: { decision: undefined } } },
      },
    },
    admitted: { after: { showResult: "ready" }, on: { DISMISS: "ready" } },
    refused: { after: { showResult: "ready" }, on: { DISMISS: "ready" } },
    failed: { after: { showResult: "ready" }, on: { DISMISS: "ready" } },
  },
});
