import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import { CHECK_IN, packRefreshMachine, packRefreshView } from "../../core";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { allStates, delayName, doneEvent, errorEvent, reachedStates, replay, shortestPaths, type ModelPath } from "./support";

const REFRESHING = "packRefresh.refreshing";
const EVENTS: AnyEventObject[] = [
  { type: "ONLINE" },
  { type: "OFFLINE" },
  { type: doneEvent(packRefreshMachine, REFRESHING) },
  { type: errorEvent(packRefreshMachine, REFRESHING), error: new Error("the network went down") },
];
// The refresh count only grows: states are told apart by where the machine is and whether the last fetch failed.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.lastFailed]);
const paths = shortestPaths(packRefreshMachine, { events: EVENTS, serializeState });

function harness(inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const fetches: Deferred<void>[] = [];
  const machine = packRefreshMachine.provide({
    actors: {
      refreshPack: fromPromise<void>(() => {
        const fetch = deferred<void>();
        fetches.push(fetch);
        return fetch.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock, ...(inspect ? { inspect } : {}) }).start();
  return {
    clock,
    fetches,
    actor,
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (delayName(event) === "refreshEvery") clock.increment(CHECK_IN.packRefreshMs);
      else if (event.type.startsWith("xstate.done.actor.")) fetches.at(-1)!.resolve();
      else if (event.type.startsWith("xstate.error.actor.")) fetches.at(-1)!.reject(event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
      await flush();
    },
  };
}

describe("pack refresh machine model", () => {
  it("reaches every state, a failed fetch among them", () => {
    expect(reachedStates(paths)).toEqual(allStates(packRefreshMachine));
    const views = paths.flatMap((path) => path.steps.map((step) => packRefreshView(step.state as Parameters<typeof packRefreshView>[0])));
    expect(views.some((view) => view.stale)).toBe(true);
    expect(views.some((view) => view.refreshing)).toBe(true);
  });

  it("behaves like its model on a simulated clock along every shortest path", { timeout: 60_000 }, async () => {
    for (const path of paths) await replayPath(path);
  });
});

async function replayPath(path: ModelPath) {
  let made: ReturnType<typeof harness> | undefined;
  let entries = 0;
  let dones = 0;
  await replay(
    path,
    (inspect) => (made = harness(inspect)),
    (real, model, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context.lastFailed).toBe(model.context.lastFailed);
      // Every fetch that succeeded is one more refresh the kiosk hears of.
      if (event.type.startsWith("xstate.done.actor.")) dones += 1;
      expect(real.context.refreshes).toBe(dones);
      // One fetch per entry into refreshing, never two at once.
      if (real.matches("refreshing") && (event.type === "ONLINE" || delayName(event) === "refreshEvery")) entries += 1;
      expect(made!.fetches).toHaveLength(entries);
    },
  );
}

describe("pack refresh on a simulated clock", () => {
  it("fetches the pack every CHECK_IN.packRefreshMs while online, and not before", async () => {
    const { clock, fetches, snapshot } = harness();
    clock.increment(CHECK_IN.packRefreshMs - 1);
    await flush();
    expect(fetches).toHaveLength(0);
    clock.increment(1);
    await flush();
    expect(fetches).toHaveLength(1);
    fetches[0]!.resolve();
    await flush();
    expect(packRefreshView(snapshot())).toEqual({ refreshing: false, refreshes: 1, stale: false });
    clock.increment(CHECK_IN.packRefreshMs);
    await flush();
    expect(fetches).toHaveLength(2);
  });

  it("fetches nothing offline however long it waits, then at once when the network comes back", async () => {
    const { clock, fetches, actor } = harness();
    actor.send({ type: "OFFLINE" });
    clock.increment(CHECK_IN.packRefreshMs * 10);
    await flush();
    expect(fetches).toHaveLength(0);
    actor.send({ type: "ONLINE" });
    await flush();
    expect(fetches).toHaveLength(1);
  });

  it("says the pack is stale after a failed fetch, and tries again after the same wait", async () => {
    const { clock, fetches, actor, snapshot } = harness();
    actor.send({ type: "ONLINE" });
    await flush();
    fetches[0]!.reject(new Error("502"));
    await flush();
    expect(packRefreshView(snapshot())).toEqual({ refreshing: false, refreshes: 0, stale: true });
    clock.increment(CHECK_IN.packRefreshMs);
    await flush();
    fetches[1]!.resolve();
    await flush();
    expect(packRefreshView(snapshot())).toEqual({ refreshing: false, refreshes: 1, stale: false });
  });
});
