import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import { newBuildMachine, type NewBuildInput } from "../../core/domain/build/new-build.machine";
import { NEW_BUILD_CHECK } from "../../core/domain/build/new-build.settings";
import { newBuildView } from "../../core/domain/build/new-build.view";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { allStates, delayName, doneEvent, errorEvent, reachedStates, replay, shortestPaths, transientStates, type ModelPath } from "./support";

const CURRENT = "build-1";
const NEWER = "build-2";
const NOW = 50_000;
const INTERVAL_MS = 60_000;

// The model cannot let time pass, so both model and real actor read a fixed `now`; the clock drives the timers.
const VARIANTS: Record<string, NewBuildInput> = {
  fast: { currentBuildId: CURRENT, slowConnection: false, lastReloadAt: undefined, now: () => NOW, intervalMs: INTERVAL_MS },
  slow: { currentBuildId: CURRENT, slowConnection: true, lastReloadAt: undefined, now: () => NOW, intervalMs: INTERVAL_MS },
  reloadedRecently: { currentBuildId: CURRENT, slowConnection: false, lastReloadAt: NOW - 1000, now: () => NOW, intervalMs: INTERVAL_MS },
};

const EVENTS: AnyEventObject[] = [
  { type: doneEvent(newBuildMachine, "newBuild.checking"), output: CURRENT },
  { type: doneEvent(newBuildMachine, "newBuild.checking"), output: NEWER },
  { type: errorEvent(newBuildMachine, "newBuild.checking"), error: new Error("offline") },
];

const pathsByVariant = Object.entries(VARIANTS).map(([name, input]) => ({ name, input, paths: shortestPaths(newBuildMachine, { input, events: EVENTS }) }));

function harness(input: NewBuildInput) {
  return (inspect: (event: InspectionEvent) => void) => {
    const clock = new SimulatedClock();
    const fetches: Array<Deferred<string>> = [];
    const reloads: number[] = [];
    const machine = newBuildMachine.provide({
      actors: {
        fetchLatestBuildId: fromPromise<string>(() => {
          const request = deferred<string>();
          fetches.push(request);
          return request.promise;
        }),
      },
      actions: { reload: (_, { at }) => reloads.push(at) },
    });
    const actor = createActor(machine, { clock, inspect, input }).start();
    return {
      reloads,
      snapshot: () => actor.getSnapshot(),
      perform: async (event: AnyEventObject) => {
        const delay = delayName(event);
        if (event.type === "CHECK" || event.type === "CHUNK_LOAD_FAILED") actor.send({ type: event.type });
        else if (event.type.startsWith("xstate.done.actor.")) fetches.at(-1)?.resolve(String(event.output));
        else if (event.type.startsWith("xstate.error.actor.")) fetches.at(-1)?.reject(event.error);
        else if (delay === "firstCheck") clock.increment(NEW_BUILD_CHECK.firstCheckDelayMs);
        else if (delay === "interval") clock.increment(INTERVAL_MS);
        else throw new Error(`unexpected model event ${event.type}`);
        await flush();
      },
    };
  };
}

describe("new-build machine model", () => {
  it("reaches every state over a fast, a slow and a recently reloaded page", async () => {
    expect(transientStates(newBuildMachine)).toEqual(["reloading"]);
    const reached = new Set(pathsByVariant.flatMap(({ paths }) => reachedStates(paths)));
    expect([...reached].sort()).toEqual(allStates(newBuildMachine).filter((state) => state !== "reloading"));

    const visited = new Set<string>();
    for (const { input, paths } of pathsByVariant) {
      for (const path of paths) for (const state of await replay(path, harness(input), () => {})) visited.add(state);
    }
    expect([...visited].sort()).toEqual(allStates(newBuildMachine));
  });

  it("never polls on a slow connection: no path reaches the timers", () => {
    const slow = pathsByVariant.find(({ name }) => name === "slow")?.paths ?? [];
    expect(slow.length).toBeGreaterThan(0);
    const usesTimer = (path: ModelPath) => path.steps.some((step) => step.event.type.startsWith("xstate.after."));
    expect(slow.some(usesTimer)).toBe(false);
    expect(reachedStates(slow)).not.toContain("starting");
  });

  it("behaves like its model on a simulated clock along every shortest path", async () => {
    for (const { input, paths } of pathsByVariant) {
      for (const path of paths) {
        let reloads: number[] = [];
        await replay(
          path,
          (inspect) => {
            const made = harness(input)(inspect);
            reloads = made.reloads;
            return made;
          },
          (real, model) => {
            expect(real.value).toEqual(model.value);
            expect(real.status).toBe(model.status);
            expect(real.context.latestBuildId).toBe(model.context.latestBuildId);
            expect(real.context.pendingChunkFailure).toBe(model.context.pendingChunkFailure);
            expect(newBuildView(real)).toEqual(newBuildView(model as typeof real));
            // A reload happens exactly when the model ends in `reloaded`, once.
            expect(reloads).toEqual(model.value === "reloaded" ? [NOW] : []);
          },
        );
      }
    }
  });
});
