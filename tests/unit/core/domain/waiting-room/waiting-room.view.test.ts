import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aheadMilestone, waitingRoomViewOf } from "../../../../../core";

describe("the waiting room's view", () => {
  it("tells screen readers the people ahead at milestones: every thousand, hundred, ten, then each one", () => {
    expect([12_345, 999, 150, 42, 9, 0].map(aheadMilestone)).toEqual([12_000, 900, 100, 40, 9, 0]);
    // A poll that changes the count a little says nothing new.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (ahead) => {
        expect(aheadMilestone(ahead)).toBeLessThanOrEqual(ahead);
        expect(aheadMilestone(aheadMilestone(ahead))).toBe(aheadMilestone(ahead));
      }),
    );
  });

  it("shows the place, the people ahead and the wait in whole minutes, at least one", () => {
    expect(waitingRoomViewOf({ status: "waiting", place: 1201, ahead: 1200, waitSeconds: 61, preQueue: true, pollSeconds: 5 }, "waiting")).toEqual({
      stage: "waiting",
      place: 1201,
      ahead: 1200,
      waitMinutes: 2,
      preQueue: true,
      milestone: 1000,
      retrying: false,
    });
    expect(waitingRoomViewOf({ status: "waiting", place: 1, ahead: 0, waitSeconds: 0, preQueue: false, pollSeconds: 5 }, "waiting").waitMinutes).toBe(1);
    expect(waitingRoomViewOf({ status: "not-queued" }, "joining", 2)).toMatchObject({ stage: "joining", place: undefined, retrying: true });
  });
});
