import { describe, expect, it } from "vitest";
import { isEventId } from "../../../../../core/domain/routing/event-route.schema";

describe("EventId", () => {
  it("accepts lowercase slugs of letters, digits and single dashes", () => {
    for (const id of ["7", "rock-night-2026", "a", "x".repeat(120)]) expect(isEventId(id)).toBe(true);
  });

  it("rejects other shapes", () => {
    for (const id of ["", "Rock", "rock--night", "-rock", "rock-", "rock night", "rock_night", "rock/night", "ñu", "x".repeat(121)]) {
      expect(isEventId(id)).toBe(false);
    }
  });

  it("rejects non-strings", () => {
    expect(isEventId(7)).toBe(false);
    expect(isEventId(null)).toBe(false);
  });
});
