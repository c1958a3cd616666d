import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import { CHECK_IN, CHECK_IN_REFUSAL_KEYS, checkInMachine, checkInView, type CheckInDecision } from "../../core";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { allStates, delayName, doneEvent, errorEvent, reachedStates, replay, shortestPaths, type ModelPath } from "./support";

const VERIFYING = "checkIn.verifying";
const FIRST_USE = { gate: "Puerta 1", deviceId: "kiosk-a", scannedAt: "2026-12-12T18:42:00.000Z" };
const DECISIONS: CheckInDecision[] = [
  { outcome: "admitted", ticketId: "ticket-1", code: "7K3M9Q2X4ZR1" },
  { outcome: "refused", reason: "not-valid" },
  { outcome: "refused", reason: "wrong-event" },
  { outcome: "refused", reason: "cancelled" },
  { outcome: "refused", reason: "refunded" },
  { outcome: "refused", reason: "already-used", firstUse: FIRST_USE },
];

const EVENTS: AnyEventObject[] = [
  { type: "SCAN", text: "TA2.abc.def.ghi" },
  // A hardware scanner's stray Enter reads nothing: nothing happens.
  { type: "SCAN", text: "  " },
  ...DECISIONS.map((output) => ({ type: doneEvent(checkInMachine, VERIFYING), output })),
  { type: errorEvent(checkInMachine, VERIFYING), error: new Error("IndexedDB is closed") },
];

// The result count only grows: a model that tells states apart by it never ends. What a state shows is the decision.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.decision]);
const paths = shortestPaths(checkInMachine, { events: EVENTS, serializeState });

function harness(inspect: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const calls: { input: { text: string }; answer: Deferred<CheckInDecision> }[] = [];
  const machine = checkInMachine.provide({
    actors: {
      decide: fromPromise<CheckInDecision, { readonly text: string }>(({ input }) => {
        const answer = deferred<CheckInDecision>();
        calls.push({ input, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock, inspect }).start();
  return {
    calls,
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (delayName(event) === "showResult") clock.increment(CHECK_IN.resultMs);
      else if (event.type.startsWith("xstate.done.actor.")) calls.at(-1)!.answer.resolve(event.output);
      else if (event.type.startsWith("xstate.error.actor.")) calls.at(-1)!.answer.reject(event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
      await flush();
    },
  };
}

describe("check-in machine model", () => {
  it("reaches every state, and every result and reason the kiosk shows", () => {
    expect(reachedStates(paths)).toEqual(allStates(checkInMachine));
    const views = paths.flatMap((path) => path.steps.map((step) => checkInView(step.state as Parameters<typeof checkInView>[0])));
    expect(new Set(views.map((view) => view.step))).toEqual(new Set(["ready", "verifying", "admitted", "refused", "failed"]));
    expect(new Set(views.map((view) => view.reasonKey))).toEqual(new Set([undefined, "kiosk.failed.text", ...Object.values(CHECK_IN_REFUSAL_KEYS)]));
    expect(views.some((view) => view.firstUse !== undefined)).toBe(true);
  });

  it("behaves like its model on a simulated clock along every shortest path", { timeout: 60_000 }, async () => {
    for (const path of paths) await replayPath(path);
  });
});

async function replayPath(path: ModelPath) {
  let made: ReturnType<typeof harness> | undefined;
  let verifyings = 0;
  let results = 0;
  await replay(
    path,
    (inspect) => (made = harness(inspect)),
    (real, model, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context.decision).toEqual(model.context.decision);
      const view = checkInView(real as Parameters<typeof checkInView>[0]);
      // Each check reads what was scanned, trimmed, once per entry of verifying.
      if (real.matches("verifying") && event.type === "SCAN") verifyings += 1;
      expect(made!.calls).toHaveLength(verifyings);
      for (const call of made!.calls) expect(call.input).toEqual({ text: "TA2.abc.def.ghi" });
      // Every result shown is a new one for screen readers, and it is green only when admitted.
      if (event.type.startsWith("xstate.done.actor.") || event.type.startsWith("xstate.error.actor.")) results += 1;
      expect(view.resultNumber).toBe(results);
      expect(view.tone === "success").toBe(view.step === "admitted");
      expect(view.code !== undefined).toBe(view.step === "admitted");
      expect(view.canDismiss).toBe(["admitted", "refused", "failed"].includes(view.step));
      const decision = real.context.decision as CheckInDecision | undefined;
      if (view.step === "refused" && decision?.outcome === "refused") expect(view.reasonKey).toBe(CHECK_IN_REFUSAL_KEYS[decision.reason]);
    },
  );
}
