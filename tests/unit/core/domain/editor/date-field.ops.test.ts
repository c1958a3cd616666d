import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateFieldToLocalInput, localInputToDateField } from "../../../../../core";

const ZONE = "Europe/Madrid";

describe("date fields in the venue's time", () => {
  it("shows the stored instant as the venue's wall-clock time", () => {
    expect(dateFieldToLocalInput("2027-01-30T21:00:00+01:00", ZONE)).toBe("2027-01-30T21:00");
    expect(dateFieldToLocalInput("2027-07-30T19:00:00Z", ZONE)).toBe("2027-07-30T21:00");
    // Storyblok's own format is UTC.
    expect(dateFieldToLocalInput("2026-12-12 20:00", ZONE)).toBe("2026-12-12T21:00");
    expect(dateFieldToLocalInput("", ZONE)).toBe("");
    expect(dateFieldToLocalInput("soon", ZONE)).toBe("");
  });

  it("stores a typed time with the venue's offset of that day, winter and summer", () => {
    expect(localInputToDateField("2027-01-30T21:00", ZONE)).toBe("2027-01-30T21:00:00+01:00");
    expect(localInputToDateField("2027-07-30T21:00", ZONE)).toBe("2027-07-30T21:00:00+02:00");
    expect(localInputToDateField("", ZONE)).toBe("");
  });

  it("round-trips every wall-clock time that exists at the venue", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const local = dateFieldToLocalInput(date.toISOString(), ZONE);
        const stored = localInputToDateField(local, ZONE);
        expect(dateFieldToLocalInput(stored, ZONE)).toBe(local);
        // The stored instant is the shown minute (the seconds of the original are not editable).
        expect(Math.abs(Date.parse(stored) - date.getTime())).toBeLessThan(60_000 * 61);
      }),
    );
  });
});
