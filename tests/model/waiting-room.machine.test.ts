import fc from "fast-check";
import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from "xstate";
import { describe, expect, it } from "vitest";
import { WAITING_ROOM, waitingRoomMachine, waitingRoomView, type WaitingRoomAnswer } from "../../core";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { delayName, doneEvent, errorEvent, replay, shortestPaths } from "./support";

const WAITING: WaitingRoomAnswer = { status: "waiting", place: 120, ahead: 119, waitSeconds: 240, preQueue: false, pollSeconds: 5 };
const ADMITTED: WaitingRoomAnswer = { status: "admitted", admittedUntil: "2027-01-15T09:10:00.000Z" };
const ANSWERS: readonly WaitingRoomAnswer[] = [WAITING, ADMITTED, { status: "expired" }, { status: "sold-out" }, { status: "not-queued" }];

const JOINING = "waitingRoom.joining";
const POLLING = "waitingRoom.polling";
const EVENTS: AnyEventObject[] = [
  ...ANSWERS.flatMap((answer) => [
    { type: doneEvent(waitingRoomMachine, JOINING), output: answer },
    { type: doneEvent(waitingRoomMachine, POLLING), output: answer },
  ]),
  { type: errorEvent(waitingRoomMachine, JOINING), error: new TypeError("Failed to fetch") },
  { type: errorEvent(waitingRoomMachine, POLLING), error: { status: 429 } },
];
// Failures in a row count up without end: the model tells only none from some apart.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.answer, snapshot.context.failures > 0]);
const inputs = ANSWERS.map((answer) => ({ answer }));

/** The machine on a simulated clock, its actors answered by hand in the order they were called. */
function harness(input: { answer: WaitingRoomAnswer }) {
  const clock = new SimulatedClock();
  const calls = { join: [] as Deferred<unknown>[], poll: [] as Deferred<unknown>[] };
  const fake = (list: Deferred<unknown>[]) =>
    fromPromise<WaitingRoomAnswer>(() => {
      const answer = deferred<unknown>();
      list.push(answer);
      return answer.promise as Promise<WaitingRoomAnswer>;
    });
  const actor = createActor(waitingRoomMachine.provide({ actors: { join: fake(calls.join), poll: fake(calls.poll) } }), { clock, input }).start();
  return { clock, actor, calls };
}

describe("waiting room machine model", () => {
  it("reaches every state and every stage of the view", () => {
    const snapshots = inputs.flatMap((input) => shortestPaths(waitingRoomMachine, { input, events: EVENTS, serializeState }).flatMap((path) => path.steps.map((step) => step.state)));
    expect(new Set(snapshots.map((snapshot) => String(snapshot.value)))).toEqual(new Set(["joining", "retrying", "waiting", "polling", "admitted", "expired", "soldOut"]));
    const views = snapshots.map((snapshot) => waitingRoomView(snapshot as Parameters<typeof waitingRoomView>[0]));
    expect(new Set(views.map((view) => view.stage))).toEqual(new Set(["joining", "waiting", "admitted", "expired", "sold-out"]));
    expect(views.some((view) => view.retrying)).toBe(true);
  });

  it("behaves like its model on a simulated clock along every shortest path, from every answer the page may start with", async () => {
    for (const input of inputs) {
      for (const path of shortestPaths(waitingRoomMachine, { input, events: EVENTS, serializeState })) {
        let made: ReturnType<typeof harness> | undefined;
        await replay(
          path,
          () => {
            made = harness(input);
            return {
              snapshot: () => made!.actor.getSnapshot(),
              perform: async (event) => {
                if (delayName(event) === "poll") made!.clock.increment(WAITING_ROOM.pollMs);
                else {
                  const list = event.type.includes(JOINING) ? made!.calls.join : made!.calls.poll;
                  const call = list.at(-1)!;
                  if (event.type.startsWith("xstate.done.actor.")) call.resolve(event.output);
                  else call.reject(event.error);
                }
                await flush();
              },
            };
          },
          // As the model tells states apart (a path's steps are each state's first-found snapshot).
          (real, model) => expect(serializeState(real)).toEqual(serializeState(model)),
        );
      }
    }
  });

  it("asks once per interval while waiting, however the asks go, and never before the interval", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), async (failures) => {
        const { clock, actor, calls } = harness({ answer: WAITING });
        for (const [index, fails] of failures.entries()) {
          clock.increment(WAITING_ROOM.pollMs - 1);
          expect(calls.poll).toHaveLength(index);
          clock.increment(1);
          expect(calls.poll).toHaveLength(index + 1);
          if (fails) calls.poll[index]!.reject(new TypeError("Failed to fetch"));
          else calls.poll[index]!.resolve(WAITING);
          await flush();
          expect(waitingRoomView(actor.getSnapshot())).toMatchObject({ stage: "waiting", place: 120, retrying: fails });
        }
        actor.stop();
      }),
      { numRuns: 30 },
    );
  });
});
