import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { WAITING_ROOM, WaitingRoomAnswer, advanceFrontier, emptyFrontier, peopleAhead, standingOf, waitingRoomAnswerOf, waitingRoomSettingsOf } from "../../../../../core";

const SALE = Date.UTC(2027, 0, 15, 9);
const settings = { saleStartsAt: SALE };
// 120 arrivals in the first two seconds; 30 admitted at 360 a minute over five seconds.
const counted = [
  { from: SALE, to: SALE + 1000, count: 60 },
  { from: SALE + 1000, to: SALE + 2000, count: 60 },
];
const frontier = advanceFrontier(emptyFrontier(settings), counted, { now: SALE + 5000, perMinute: 360, saleStartsAt: SALE, soldOut: false });

describe("a place's standing", () => {
  it("counts the people between the frontier and the place, and estimates the wait at the room's rate", () => {
    expect(peopleAhead(frontier, SALE + 1500)).toBe(60);
    expect(standingOf(frontier, SALE + 1500, SALE + 5000, settings)).toEqual({ status: "waiting", place: 91, ahead: 60, waitMs: 10_000, preQueue: false });
  });

  it("adds the time to the sale before it starts, and says it is the pre-queue", () => {
    const before = emptyFrontier(settings);
    expect(standingOf(before, SALE - 5000, SALE - 30_000, settings)).toEqual({ status: "waiting", place: 1, ahead: 0, waitMs: 30_000, preQueue: true });
  });

  it("is admitted until a window after the frontier passed it, then expired", () => {
    expect(standingOf(frontier, SALE + 100, SALE + 6000, settings)).toEqual({ status: "admitted", until: SALE + 5000 + WAITING_ROOM.admissionWindowMs });
    expect(standingOf(frontier, SALE + 100, SALE + 5000 + WAITING_ROOM.admissionWindowMs, settings)).toEqual({ status: "expired" });
  });

  it("answers as the schema says", () => {
    for (const standing of [standingOf(frontier, SALE + 1500, SALE + 5000, settings), standingOf(frontier, SALE + 100, SALE + 6000, settings), { status: "sold-out" } as const]) {
      expect(Schema.is(WaitingRoomAnswer)(waitingRoomAnswerOf(standing))).toBe(true);
    }
    expect(waitingRoomAnswerOf(standingOf(frontier, SALE + 1500, SALE + 5000, settings))).toEqual({ status: "waiting", place: 91, ahead: 60, waitSeconds: 10, preQueue: false, pollSeconds: 5 });
  });
});

describe("an event's waiting room settings", () => {
  it("are none without an opening, automatic without a rate, and start admitting as they open without a sale start", () => {
    expect(waitingRoomSettingsOf({})).toBeUndefined();
    expect(waitingRoomSettingsOf({ waiting_room_opens: "2027-01-15T09:30:00+01:00", waiting_room_sale_start: "2027-01-15T10:00:00+01:00", waiting_room_per_minute: 500 })).toEqual({
      opensAt: Date.parse("2027-01-15T09:30:00+01:00"),
      saleStartsAt: Date.parse("2027-01-15T10:00:00+01:00"),
      admitPerMinute: 500,
    });
    expect(waitingRoomSettingsOf({ waiting_room_opens: "2027-01-15T09:30:00+01:00", waiting_room_per_minute: "" })).toEqual({
      opensAt: Date.parse("2027-01-15T09:30:00+01:00"),
      saleStartsAt: Date.parse("2027-01-15T09:30:00+01:00"),
      admitPerMinute: "automatic",
    });
  });
});
