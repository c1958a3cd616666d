import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  WAITING_ROOM,
  advanceFrontier,
  arrivalPositionOf,
  automaticAdmitPerMinute,
  countSpans,
  emptyFrontier,
  frontierIsFresh,
  isAdmitted,
  type ArrivalSpan,
  type WaitingRoomFrontier,
} from "../../../../../core";

const SALE = Date.UTC(2027, 0, 15, 9);
const settings = { saleStartsAt: SALE };

/** What a store does: count the spans over the given positions, then advance. */
function advance(frontier: WaitingRoomFrontier, positions: readonly number[], now: number, perMinute: number, soldOut = false): WaitingRoomFrontier {
  if (frontierIsFresh(frontier, now)) return frontier;
  const counted: ArrivalSpan[] = countSpans(frontier, now, settings).map((span) => ({ ...span, count: positions.filter((p) => p >= span.from && p < span.to).length }));
  return advanceFrontier(frontier, counted, { now, perMinute, saleStartsAt: SALE, soldOut });
}

describe("arrival positions", () => {
  it("are the arrival's millisecond plus a tiebreak after the sale starts", () => {
    expect(arrivalPositionOf(SALE + 1234.9, settings, () => 0.25)).toBe(SALE + 1234.25);
  });

  it("are drawn within the minute before the sale for everyone who comes before it (the pre-queue)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (early, random) => {
        const position = arrivalPositionOf(SALE - early, settings, () => random);
        expect(position).toBeGreaterThanOrEqual(SALE - WAITING_ROOM.preQueueMs);
        expect(position).toBeLessThan(SALE);
      }),
    );
  });
});

describe("counting spans", () => {
  it("counts nothing before the sale has started and its grace passed, then the pre-queue's minute as one span", () => {
    expect(countSpans(emptyFrontier(settings), SALE + WAITING_ROOM.countGraceMs - 1, settings)).toEqual([]);
    expect(countSpans(emptyFrontier(settings), SALE + WAITING_ROOM.countGraceMs + 1500, settings)).toEqual([
      { from: SALE - WAITING_ROOM.preQueueMs, to: SALE },
      { from: SALE, to: SALE + 1000 },
      { from: SALE + 1000, to: SALE + 1500 },
    ]);
  });

  it("counts a quiet while as one span, and the last seconds one by one", () => {
    const spans = countSpans({ countedUpTo: SALE }, SALE + 3_600_000, settings);
    expect(spans).toHaveLength(1 + WAITING_ROOM.catchUpSpans);
    expect(spans[0]).toEqual({ from: SALE, to: SALE + 3_600_000 - WAITING_ROOM.countGraceMs - WAITING_ROOM.catchUpSpans * 1000 });
  });
});

describe("the admission frontier", () => {
  it("admits at the rate, in order, never more than have arrived, never one not counted yet", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: SALE - WAITING_ROOM.preQueueMs, max: SALE + 60_000, maxExcluded: true, noNaN: true }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 600 }),
        fc.array(fc.integer({ min: 1000, max: 8000 }), { minLength: 1, maxLength: 30 }),
        (positions, perMinute, steps) => {
          let frontier = emptyFrontier(settings);
          let now = SALE;
          for (const step of steps) {
            now += step;
            const arrived = positions.filter((p) => p < Math.max(SALE, now));
            const before = frontier;
            frontier = advance(frontier, arrived, now, perMinute);
            // A place once in stays in; the frontier stops where the counting has: who arrives next is behind it.
            expect(frontier.through).toBeGreaterThanOrEqual(before.through);
            expect(frontier.through).toBeLessThanOrEqual(frontier.countedUpTo);
            expect(frontier.admitted).toBeLessThanOrEqual(arrived.length + 1e-6);
            expect(frontier.admitted - before.admitted).toBeLessThanOrEqual((perMinute * (now - Math.max(before.advancedAt, SALE))) / 60_000 + 1e-6);
          }
        },
      ),
    );
  });

  it("admits exactly the rate's worth of evenly spread arrivals", () => {
    const positions = Array.from({ length: 100 }, (_, i) => SALE + 50 * i + 0.5);
    const frontier = advance(emptyFrontier(settings), positions, SALE + 10_000, 120);
    expect(positions.filter((p) => isAdmitted(frontier, p, SALE + 10_000))).toEqual(positions.slice(0, 20));
  });

  it("admits no one before the sale, once sold out, or twice in one interval", () => {
    const positions = [SALE - 100.5, SALE + 10.5];
    expect(advance(emptyFrontier(settings), positions, SALE - 1, 600).admitted).toBe(0);
    expect(advance(emptyFrontier(settings), positions, SALE + 10_000, 600, true).admitted).toBe(0);
    const once = advance(emptyFrontier(settings), positions, SALE + 4000, 6);
    expect(advance(once, positions, SALE + 4000 + WAITING_ROOM.advanceEveryMs - 1, 6)).toBe(once);
  });

  it("saves up no more than a minute's allowance while no one waits", () => {
    const quiet = advance(emptyFrontier(settings), [], SALE + 600_000, 60);
    const positions = Array.from({ length: 500 }, (_, i) => SALE + 600_000 + i + 0.5);
    const burst = advance(quiet, positions, SALE + 600_000 + 5000, 60);
    expect(burst.admitted).toBeLessThanOrEqual(5);
  });

  it("lets places go a window after their admission", () => {
    const positions = [SALE + 100.5];
    const admitted = advance(emptyFrontier(settings), positions, SALE + 5000, 600);
    expect(isAdmitted(admitted, positions[0]!, SALE + 5000 + WAITING_ROOM.admissionWindowMs - 1)).toBe(true);
    expect(isAdmitted(admitted, positions[0]!, SALE + 5000 + WAITING_ROOM.admissionWindowMs)).toBe(false);
    const later = advance(admitted, positions, SALE + 5000 + WAITING_ROOM.admissionWindowMs + 1, 600);
    expect(later.expiredBelow).toBeGreaterThan(positions[0]!);
  });

  it("admits automatically as many per window as there are tickets left", () => {
    expect(automaticAdmitPerMinute(300)).toBe((300 * 60_000) / WAITING_ROOM.admissionWindowMs);
  });
});
