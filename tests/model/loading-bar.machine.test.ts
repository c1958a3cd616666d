import fc from "fast-check";
import { SimulatedClock, createActor, type AnyMachineSnapshot } from "xstate";
import { describe, expect, it } from "vitest";
import { loadingBarMachine } from "../../core/domain/loading/loading-bar.machine";
import { LOADING_BAR } from "../../core/domain/loading/loading-bar.settings";
import { loadingBarView } from "../../core/domain/loading/loading-bar.view";
import { advance } from "../unit/support/clock";
import { allStates, delayName, reachedStates, replay, shortestPaths, transientStates } from "./support";

const DELAYS: Record<string, number> = {
  throttle: LOADING_BAR.throttleMs,
  tick: LOADING_BAR.tickMs,
  hideDelay: LOADING_BAR.hideDelayMs,
  resetDelay: LOADING_BAR.resetDelayMs,
};

// Ticks make elapsedMs grow without end; the states worth telling apart differ in value and error only.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.error]);
const paths = shortestPaths(loadingBarMachine, { serializeState });

function startBar() {
  const clock = new SimulatedClock();
  const actor = createActor(loadingBarMachine, { clock }).start();
  return { clock, actor, view: () => loadingBarView(actor.getSnapshot()) };
}

describe("loading bar model", () => {
  it("reaches every state", () => {
    expect(transientStates(loadingBarMachine)).toEqual([]);
    expect(reachedStates(paths)).toEqual(allStates(loadingBarMachine));
    expect(paths.some((path) => path.state.context.error === true)).toBe(true);
  });

  it("behaves like its model on a simulated clock along every shortest path", async () => {
    for (const path of paths) {
      await replay(
        path,
        (inspect) => {
          const clock = new SimulatedClock();
          const actor = createActor(loadingBarMachine, { clock, inspect }).start();
          return {
            snapshot: () => actor.getSnapshot(),
            perform: async (event) => {
              const delay = delayName(event);
              if (delay === undefined) actor.send(event as Parameters<typeof actor.send>[0]);
              else advance(clock, DELAYS[delay] ?? Number.NaN);
            },
          };
        },
        (real, model) => {
          // The model keeps one snapshot per serialized state, so only what the serialization tells apart
          // is comparable, plus the progress outside `visible` (where ticks do not change it).
          expect(real.value).toEqual(model.value);
          expect(real.status).toBe(model.status);
          expect(real.context.error).toBe(model.context.error);
          if (model.value !== "visible") expect(real.context.progress).toBe(model.context.progress);
        },
      );
    }
  });
});

describe("loading bar timing (SPEC §2)", () => {
  it("never shows the bar for a navigation that finishes within 200 ms", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LOADING_BAR.throttleMs - 1 }), (finishAt) => {
        const { clock, actor, view } = startBar();
        actor.send({ type: "START" });
        const seen: boolean[] = [];
        advance(clock, finishAt, () => seen.push(view().visible));
        actor.send({ type: "FINISH" });
        seen.push(view().visible);
        advance(clock, 2000, () => seen.push(view().visible));
        expect(seen.every((visible) => !visible)).toBe(true);
        expect(view()).toMatchObject({ progress: 0, busy: false });
      }),
      { numRuns: 40 },
    );
  });

  it("shows the bar from 200 ms for a longer navigation, until 500 ms after it finishes", () => {
    fc.assert(
      fc.property(fc.integer({ min: LOADING_BAR.throttleMs, max: 3000 }), (finishAt) => {
        const { clock, actor, view } = startBar();
        actor.send({ type: "START" });
        const shownAt: number[] = [];
        advance(clock, finishAt, (now) => {
          if (view().visible) shownAt.push(now);
        });
        expect(shownAt[0]).toBe(LOADING_BAR.throttleMs);
        expect(shownAt).toHaveLength(finishAt - LOADING_BAR.throttleMs + 1);

        actor.send({ type: "FINISH" });
        const stillShown: number[] = [];
        advance(clock, 1000, (now) => {
          if (view().visible) stillShown.push(now - finishAt);
        });
        expect(stillShown.at(-1)).toBe(LOADING_BAR.hideDelayMs - 1);
        expect(stillShown).toHaveLength(LOADING_BAR.hideDelayMs - 1);
      }),
      { numRuns: 25 },
    );
  });

  it("completes to 100 on FINISH, hides 500 ms later, and resets to 0 400 ms after that", () => {
    const { clock, actor, view } = startBar();
    actor.send({ type: "START" });
    advance(clock, 1234);
    actor.send({ type: "FINISH" });
    expect(view()).toMatchObject({ visible: true, progress: 100, color: "primary" });

    advance(clock, LOADING_BAR.hideDelayMs - 1);
    expect(view()).toMatchObject({ visible: true, progress: 100 });
    advance(clock, 1);
    expect(view()).toMatchObject({ visible: false, progress: 100 });

    advance(clock, LOADING_BAR.resetDelayMs - 1);
    expect(view().progress).toBe(100);
    advance(clock, 1);
    expect(view()).toEqual({ visible: false, progress: 0, color: "primary", heightPx: 3, busy: false });
  });

  it("turns the bar to the danger colour on ERROR, before or after it shows, until the reset", () => {
    for (const errorAt of [0, 120, 200, 2500]) {
      const { clock, actor, view } = startBar();
      actor.send({ type: "START" });
      advance(clock, errorAt);
      actor.send({ type: "ERROR" });
      expect(view()).toMatchObject({ visible: true, progress: 100, color: "danger" });
      advance(clock, LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs - 1);
      expect(view().color).toBe("danger");
      advance(clock, 1);
      expect(view().color).toBe("primary");
    }
  });

  it("raises the progress monotonically toward, but below, 100 while visible", () => {
    const { clock, actor, view } = startBar();
    actor.send({ type: "START" });
    advance(clock, LOADING_BAR.throttleMs);
    const progress: number[] = [];
    advance(clock, 20_000, () => progress.push(view().progress));
    expect(view().visible).toBe(true);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1] ?? 0);
    expect(Math.max(...progress)).toBeLessThan(100);
    // It keeps moving: 0, then a new value on each of the 200 ticks, ending close to full.
    expect(new Set(progress).size).toBe(20_000 / LOADING_BAR.tickMs + 1);
    expect(progress.at(-1)).toBeGreaterThan(90);
  });
});
