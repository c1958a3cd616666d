import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { newBuildMachine } from "../../../../../core/domain/build/new-build.machine";
import { newBuildView } from "../../../../../core/domain/build/new-build.view";
import { flush } from "../../../support/async";

function start(latest: string, lastReloadAt: number | undefined) {
  const machine = newBuildMachine.provide({ actors: { fetchLatestBuildId: fromPromise<string>(async () => latest) } });
  return createActor(machine, {
    input: { currentBuildId: "a", slowConnection: true, lastReloadAt, now: () => 1_000_000 },
  }).start();
}

describe("newBuildView", () => {
  it("offers no update before a check or when the build is current", async () => {
    const actor = start("a", undefined);
    expect(newBuildView(actor.getSnapshot())).toEqual({ updateAvailable: false });
    actor.send({ type: "CHECK" });
    await flush();
    expect(newBuildView(actor.getSnapshot())).toEqual({ updateAvailable: false });
  });

  it("offers an update when a newer build is deployed", async () => {
    const actor = start("b", undefined);
    actor.send({ type: "CHECK" });
    await flush();
    expect(actor.getSnapshot().value).toBe("outdated");
    expect(newBuildView(actor.getSnapshot())).toEqual({ updateAvailable: true });
  });

  it("still offers the update when an automatic reload was blocked", async () => {
    const actor = start("b", 1_000_000);
    actor.send({ type: "CHUNK_LOAD_FAILED" });
    await flush();
    expect(actor.getSnapshot().value).toBe("reloadBlocked");
    expect(newBuildView(actor.getSnapshot())).toEqual({ updateAvailable: true });
  });
});
