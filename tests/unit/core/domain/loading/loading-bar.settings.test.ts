import { describe, expect, it } from "vitest";
import { estimatedProgress, LOADING_BAR } from "../../../../../core/domain/loading/loading-bar.settings";

describe("loading bar settings (SPEC §2)", () => {
  it("has the specified throttle, delays and height", () => {
    expect(LOADING_BAR).toMatchObject({ heightPx: 3, throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 });
  });
});

describe("estimatedProgress", () => {
  it("starts at zero, also for nonsense elapsed times", () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(-100)).toBe(0);
  });

  it("is about 70 % full after the duration", () => {
    expect(estimatedProgress(LOADING_BAR.durationMs)).toBeCloseTo(70.48, 1);
    expect(estimatedProgress(500, 500)).toBeCloseTo(70.48, 1);
  });

  it("is about half full after half the duration", () => {
    expect(estimatedProgress(LOADING_BAR.durationMs / 2)).toBeCloseTo(50, 5);
  });

  it("rises monotonically and never reaches 100", () => {
    let previous = 0;
    for (let elapsed = 0; elapsed <= 600_000; elapsed += 250) {
      const progress = estimatedProgress(elapsed);
      expect(progress).toBeGreaterThanOrEqual(previous);
      expect(progress).toBeLessThan(100);
      previous = progress;
    }
    expect(estimatedProgress(Number.MAX_SAFE_INTEGER)).toBe(99);
  });

  it("rises more slowly with a longer duration", () => {
    expect(estimatedProgress(1000, 4000)).toBeLessThan(estimatedProgress(1000, 2000));
  });
});
