import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VENUE_TIME_ZONE_LINES, venueUtcOffsetMs, venueWallClock } from "../../../../../core/domain/venue/venue-clock.ops";
import { VENUE } from "../../../../../core/domain/venue/venue.settings";

const HOUR_MS = 3_600_000;

describe("the venue's clock", () => {
  it("reads every instant as Intl reads the venue's time zone, summer time included (property)", () => {
    const venue = new Intl.DateTimeFormat("en-GB", {
      timeZone: VENUE.timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    const intlWallClock = (instant: Date) => {
      const parts = Object.fromEntries(venue.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
      return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
    };
    fc.assert(
      fc.property(fc.date({ min: new Date("1997-01-01"), max: new Date("2060-01-01"), noInvalidDate: true }), (instant) => {
        const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
        expect(venueWallClock(minute).getTime()).toBe(intlWallClock(new Date(minute)));
      }),
      { numRuns: 5_000 },
    );
  });

  it("changes at 01:00 UTC on the last Sundays of March and October", () => {
    expect(venueUtcOffsetMs(Date.parse("2027-03-28T00:59:59Z"))).toBe(HOUR_MS);
    expect(venueUtcOffsetMs(Date.parse("2027-03-28T01:00:00Z"))).toBe(2 * HOUR_MS);
    expect(venueUtcOffsetMs(Date.parse("2027-10-31T00:59:59Z"))).toBe(2 * HOUR_MS);
    expect(venueUtcOffsetMs(Date.parse("2027-10-31T01:00:00Z"))).toBe(HOUR_MS);
    expect(venueWallClock(Date.parse("2026-12-26T16:00:00Z")).toISOString()).toBe("2026-12-26T17:00:00.000Z");
  });

  it("tells calendars the same rule: CET, CEST from March's last Sunday to October's", () => {
    const text = VENUE_TIME_ZONE_LINES.join("\n");
    expect(VENUE_TIME_ZONE_LINES).toContain(`TZID:${VENUE.timeZone}`);
    expect(text).toMatch(/BEGIN:DAYLIGHT\nTZOFFSETFROM:\+0100\nTZOFFSETTO:\+0200\nTZNAME:CEST\nDTSTART:19700329T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\nEND:DAYLIGHT/);
    expect(text).toMatch(/BEGIN:STANDARD\nTZOFFSETFROM:\+0200\nTZOFFSETTO:\+0100\nTZNAME:CET\nDTSTART:19701025T030000\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\nEND:STANDARD/);
  });
});
