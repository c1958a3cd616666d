import { SimulatedClock, createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { newBuildMachine, type NewBuildInput } from "../../../../../core/domain/build/new-build.machine";
import { NEW_BUILD_CHECK } from "../../../../../core/domain/build/new-build.settings";
import { deferred, flush, type Deferred } from "../../../support/async";

const CURRENT = "build-1";
const NEWER = "build-2";

/** Runs the machine on a simulated clock; each fetch of the latest build id is settled by hand. */
function startNewBuild(input: Partial<Omit<NewBuildInput, "now">> = {}, startAt = 100_000) {
  const clock = new SimulatedClock();
  clock.set(startAt);
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
  const actor = createActor(machine, {
    clock,
    input: { currentBuildId: CURRENT, slowConnection: false, lastReloadAt: undefined, now: () => clock.now(), ...input },
  }).start();
  const answer = async (buildId: string | Error) => {
    const last = fetches.at(-1);
    if (!last) throw new Error("no fetch in flight");
    if (buildId instanceof Error) last.reject(buildId);
    else last.resolve(buildId);
    await flush();
  };
  return { clock, actor, fetches, reloads, answer, state: () => actor.getSnapshot().value };
}

describe("new-build machine: polling", () => {
  it("checks for the first time 1 s after load", () => {
    const { clock, fetches, state } = startNewBuild();
    expect(state()).toBe("starting");
    clock.increment(NEW_BUILD_CHECK.firstCheckDelayMs - 1);
    expect(fetches).toHaveLength(0);
    clock.increment(1);
    expect(fetches).toHaveLength(1);
    expect(state()).toBe("checking");
  });

  it("then polls on the interval while the build is current", async () => {
    const { clock, fetches, answer, state } = startNewBuild({ intervalMs: 60_000 });
    clock.increment(1000);
    await answer(CURRENT);
    expect(state()).toBe("current");
    clock.increment(59_999);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches).toHaveLength(2);
    await answer(CURRENT);
    clock.increment(60_000);
    expect(fetches).toHaveLength(3);
  });

  it("polls every 5 minutes by default", async () => {
    const { clock, fetches, answer } = startNewBuild();
    clock.increment(1000);
    await answer(CURRENT);
    clock.increment(NEW_BUILD_CHECK.intervalMs - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    expect(fetches).toHaveLength(2);
  });

  it("keeps polling after a failed check", async () => {
    const { clock, fetches, answer, state } = startNewBuild({ intervalMs: 1000 });
    clock.increment(1000);
    await answer(new Error("offline"));
    expect(state()).toBe("current");
    clock.increment(1000);
    expect(fetches).toHaveLength(2);
  });

  it("never polls on a very slow connection, but checks on request", async () => {
    const { clock, actor, fetches, answer, state } = startNewBuild({ slowConnection: true });
    expect(state()).toBe("idle");
    clock.increment(NEW_BUILD_CHECK.intervalMs * 3);
    expect(fetches).toHaveLength(0);
    actor.send({ type: "CHECK" });
    expect(fetches).toHaveLength(1);
    await answer(CURRENT);
    expect(state()).toBe("idle");
  });

  it("becomes outdated on a different build id and stops polling", async () => {
    const { clock, fetches, answer, state, reloads } = startNewBuild({ intervalMs: 1000 });
    clock.increment(1000);
    await answer(NEWER);
    expect(state()).toBe("outdated");
    clock.increment(60_000);
    expect(fetches).toHaveLength(1);
    expect(reloads).toEqual([]);
  });

  it("records the build it saw", async () => {
    const { clock, actor, answer } = startNewBuild();
    clock.increment(1000);
    await answer(NEWER);
    expect(actor.getSnapshot().context.latestBuildId).toBe(NEWER);
  });
});

describe("new-build machine: a chunk-loading failure", () => {
  it("checks at once, and reloads when a newer build is deployed", async () => {
    const { clock, actor, fetches, reloads, answer } = startNewBuild();
    clock.increment(300);
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    expect(fetches).toHaveLength(1);
    await answer(NEWER);
    expect(reloads).toEqual([100_300]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("does not reload when the build is still current", async () => {
    const { clock, actor, reloads, answer, state } = startNewBuild({ intervalMs: 1000 });
    clock.increment(1000);
    await answer(CURRENT);
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(CURRENT);
    expect(state()).toBe("current");
    expect(reloads).toEqual([]);
    // The failure is forgotten: a later newer build found by polling does not reload either.
    clock.increment(1000);
    await answer(NEWER);
    expect(state()).toBe("outdated");
    expect(reloads).toEqual([]);
  });

  it("does not reload when the check fails", async () => {
    const { actor, reloads, answer, state } = startNewBuild();
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(new Error("offline"));
    expect(state()).toBe("current");
    expect(reloads).toEqual([]);
  });

  it("reloads an already outdated page after re-checking", async () => {
    const { clock, actor, fetches, reloads, answer } = startNewBuild();
    clock.increment(1000);
    await answer(NEWER);
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    expect(fetches).toHaveLength(2);
    await answer(NEWER);
    expect(reloads).toEqual([101_000]);
  });

  it("checks even on a very slow connection", async () => {
    const { actor, reloads, answer } = startNewBuild({ slowConnection: true });
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(NEWER);
    expect(reloads).toEqual([100_000]);
  });

  it("is blocked within 10 s of the last reload, and the page stays", async () => {
    const { actor, reloads, answer, state } = startNewBuild({ lastReloadAt: 100_000 - 9_999 });
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(NEWER);
    expect(reloads).toEqual([]);
    expect(state()).toBe("reloadBlocked");
    expect(actor.getSnapshot().context.pendingChunkFailure).toBe(false);
  });

  it("reloads again once 10 s have passed since the last reload", async () => {
    const { actor, reloads, answer } = startNewBuild({ lastReloadAt: 100_000 - 10_000 });
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(NEWER);
    expect(reloads).toEqual([100_000]);
  });

  it("can check again from the blocked state", async () => {
    const { actor, fetches, answer, state } = startNewBuild({ lastReloadAt: 100_000 });
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await answer(NEWER);
    actor.send({ type: "CHECK" });
    expect(fetches).toHaveLength(2);
    await answer(NEWER);
    expect(state()).toBe("outdated");
  });
});
