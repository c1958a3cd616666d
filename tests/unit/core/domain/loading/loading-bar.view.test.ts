import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { loadingBarMachine } from "../../../../../core/domain/loading/loading-bar.machine";
import { estimatedProgress, LOADING_BAR } from "../../../../../core/domain/loading/loading-bar.settings";
import { loadingBarView } from "../../../../../core/domain/loading/loading-bar.view";
import { advance } from "../../../support/clock";

function startBar() {
  const clock = new SimulatedClock();
  const actor = createActor(loadingBarMachine, { clock }).start();
  return { clock, actor, view: () => loadingBarView(actor.getSnapshot()) };
}

describe("loadingBarView", () => {
  it("is hidden and not busy when idle", () => {
    expect(startBar().view()).toEqual({ visible: false, progress: 0, color: "primary", heightPx: 3, busy: false });
  });

  it("is busy but not yet visible during the throttle", () => {
    const { actor, view } = startBar();
    actor.send({ type: "START" });
    expect(view()).toEqual({ visible: false, progress: 0, color: "primary", heightPx: 3, busy: true });
  });

  it("is visible and busy while the navigation runs", () => {
    const { actor, clock, view } = startBar();
    actor.send({ type: "START" });
    advance(clock, LOADING_BAR.throttleMs + 300);
    expect(view()).toEqual({ visible: true, progress: estimatedProgress(300), color: "primary", heightPx: 3, busy: true });
  });

  it("is visible at 100 % but no longer busy while finishing, then hidden", () => {
    const { actor, clock, view } = startBar();
    actor.send({ type: "START" });
    advance(clock, 400);
    actor.send({ type: "FINISH" });
    expect(view()).toEqual({ visible: true, progress: 100, color: "primary", heightPx: 3, busy: false });
    advance(clock, LOADING_BAR.hideDelayMs);
    expect(view()).toEqual({ visible: false, progress: 100, color: "primary", heightPx: 3, busy: false });
  });

  it("turns the bar to the danger colour on ERROR", () => {
    const { actor, clock, view } = startBar();
    actor.send({ type: "START" });
    advance(clock, 400);
    actor.send({ type: "ERROR" });
    expect(view()).toMatchObject({ visible: true, progress: 100, color: "danger", busy: false });
  });
});
