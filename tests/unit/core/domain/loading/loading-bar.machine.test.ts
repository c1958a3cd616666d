import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { loadingBarMachine } from "../../../../../core/domain/loading/loading-bar.machine";
import { estimatedProgress, LOADING_BAR } from "../../../../../core/domain/loading/loading-bar.settings";
import { advance } from "../../../support/clock";

function startBar() {
  const clock = new SimulatedClock();
  const actor = createActor(loadingBarMachine, { clock }).start();
  return { clock, actor, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe("loading bar machine", () => {
  it("starts hidden and idle", () => {
    const { state, context } = startBar();
    expect(state()).toBe("hidden");
    expect(context()).toEqual({ elapsedMs: 0, progress: 0, error: false });
  });

  it("ignores FINISH and ERROR while hidden", () => {
    const { actor, state, context } = startBar();
    actor.send({ type: "FINISH" });
    actor.send({ type: "ERROR" });
    expect(state()).toBe("hidden");
    expect(context().error).toBe(false);
  });

  it("waits the throttle before showing", () => {
    const { actor, clock, state } = startBar();
    actor.send({ type: "START" });
    expect(state()).toBe("pending");
    advance(clock, LOADING_BAR.throttleMs - 1);
    expect(state()).toBe("pending");
    advance(clock, 1);
    expect(state()).toBe("visible");
  });

  it("goes straight back to hidden when the navigation finishes during the throttle", () => {
    const { actor, clock, state, context } = startBar();
    actor.send({ type: "START" });
    advance(clock, 150);
    actor.send({ type: "FINISH" });
    expect(state()).toBe("hidden");
    advance(clock, 1000);
    expect(state()).toBe("hidden");
    expect(context().progress).toBe(0);
  });

  it("advances the progress by one tick of estimated time every tick", () => {
    const { actor, clock, context } = startBar();
    actor.send({ type: "START" });
    advance(clock, LOADING_BAR.throttleMs);
    expect(context()).toEqual({ elapsedMs: 0, progress: 0, error: false });
    advance(clock, LOADING_BAR.tickMs);
    expect(context()).toEqual({ elapsedMs: 100, progress: estimatedProgress(100), error: false });
    advance(clock, 5 * LOADING_BAR.tickMs);
    expect(context().elapsedMs).toBe(600);
    expect(context().progress).toBe(estimatedProgress(600));
  });

  it("completes, hides and resets after FINISH", () => {
    const { actor, clock, state, context } = startBar();
    actor.send({ type: "START" });
    advance(clock, 700);
    actor.send({ type: "FINISH" });
    expect(state()).toBe("finishing");
    expect(context().progress).toBe(100);
    advance(clock, LOADING_BAR.hideDelayMs);
    expect(state()).toBe("hiding");
    expect(context().progress).toBe(100);
    advance(clock, LOADING_BAR.resetDelayMs);
    expect(state()).toBe("hidden");
    expect(context()).toEqual({ elapsedMs: 0, progress: 0, error: false });
  });

  it("marks an error during the throttle or while visible, and clears it on the next START", () => {
    for (const errorAtMs of [50, 450]) {
      const { actor, clock, state, context } = startBar();
      actor.send({ type: "START" });
      advance(clock, errorAtMs);
      actor.send({ type: "ERROR" });
      expect(state()).toBe("finishing");
      expect(context()).toMatchObject({ progress: 100, error: true });
      actor.send({ type: "START" });
      expect(state()).toBe("pending");
      expect(context()).toEqual({ elapsedMs: 0, progress: 0, error: false });
    }
  });

  it("restarts from scratch on START while hiding", () => {
    const { actor, clock, state, context } = startBar();
    actor.send({ type: "START" });
    advance(clock, 300);
    actor.send({ type: "FINISH" });
    advance(clock, LOADING_BAR.hideDelayMs);
    expect(state()).toBe("hiding");
    actor.send({ type: "START" });
    expect(state()).toBe("pending");
    expect(context().progress).toBe(0);
    // The old reset timer was canceled: the new navigation becomes visible on schedule.
    advance(clock, LOADING_BAR.throttleMs);
    expect(state()).toBe("visible");
  });

  it("keeps its progress when START arrives during a navigation", () => {
    const { actor, clock, state, context } = startBar();
    actor.send({ type: "START" });
    advance(clock, 500);
    const before = context();
    actor.send({ type: "START" });
    expect(state()).toBe("visible");
    expect(context()).toEqual(before);
  });
});
