import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { doorsOpenAt, eventWhen, isMultiDayEvent } from "../../../../../core/domain/content/event-dates.ops";
import { formatTime } from "../../../../../core/domain/locale/locale-format.ops";
import { VENUE } from "../../../../../core/domain/venue/venue.settings";

const CIRCUS = { dateFrom: "2026-12-26T17:00:00+01:00", dateTo: "2027-01-04T20:00:00+01:00" };
const CONCERT = { dateFrom: "2030-07-01T21:00:00+02:00", dateTo: "2030-07-01T23:30:00+02:00" };

describe("isMultiDayEvent", () => {
  it("tells a run of days from one evening", () => {
    expect(isMultiDayEvent(CIRCUS)).toBe(true);
    expect(isMultiDayEvent({ dateFrom: "2030-07-10T18:00:00+02:00", dateTo: "2030-07-11T23:59:00+02:00" })).toBe(true);
    expect(isMultiDayEvent(CONCERT)).toBe(false);
    expect(isMultiDayEvent({ dateFrom: CONCERT.dateFrom, dateTo: undefined })).toBe(false);
  });

  it("counts a night that ends by six in the morning as the evening it began (issue 49 item 15: New Year's Eve, 22:00 → 06:00)", () => {
    expect(isMultiDayEvent({ dateFrom: "2030-12-31T22:00:00+01:00", dateTo: "2031-01-01T05:59:00+01:00" })).toBe(false);
    expect(isMultiDayEvent({ dateFrom: "2026-12-31T22:00:00+01:00", dateTo: "2027-01-01T06:00:00+01:00" })).toBe(false);
    expect(isMultiDayEvent({ dateFrom: "2030-12-31T22:00:00+01:00", dateTo: "2031-01-01T06:01:00+01:00" })).toBe(true);
  });

  it("reads the days on the venue's clock, not the reader's or UTC's", () => {
    // 00:30 in Valencia is still the day before in UTC: one morning show, not two days.
    expect(isMultiDayEvent({ dateFrom: "2030-07-02T00:30:00+02:00", dateTo: "2030-07-02T12:00:00+02:00" })).toBe(false);
    // 23:30 UTC is the next day in Valencia.
    expect(isMultiDayEvent({ dateFrom: "2030-07-01T10:00:00Z", dateTo: "2030-07-02T23:30:00Z" })).toBe(true);
  });

  it("reads the venue's clock as Intl's Europe/Madrid does, summer time included (property)", () => {
    const madrid = new Intl.DateTimeFormat("en-GB", { timeZone: VENUE.timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });
    const wallClock = (instant: Date) => Object.fromEntries(madrid.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
    const venueDay = (instant: Date, endOfNight: boolean) => {
      const { year, month, day, hour, minute, second } = wallClock(instant);
      const byMorning = hour! < 6 || (hour === 6 && minute === 0 && second === 0 && instant.getUTCMilliseconds() === 0);
      return Date.UTC(year!, month! - 1, day!) / 86_400_000 - (endOfNight && byMorning ? 1 : 0);
    };
    const instant = fc.date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 20 * 86_400_000 }), (start, length) => {
        const end = new Date(start.getTime() + length);
        expect(isMultiDayEvent({ dateFrom: start.toISOString(), dateTo: end.toISOString() })).toBe(venueDay(end, true) > venueDay(start, false));
      }),
      { numRuns: 2_000 },
    );
    // Either side of the clocks' changes, to the minute.
    for (const [from, to, run] of [
      ["2027-03-28T00:59:00Z", "2027-03-28T04:30:00Z", false],
      ["2027-10-30T20:00:00Z", "2027-10-31T04:59:00Z", false],
      ["2027-10-30T20:00:00Z", "2027-10-31T05:00:00Z", false],
      ["2027-10-30T20:00:00Z", "2027-10-31T05:01:00Z", true],
    ] as const) expect(isMultiDayEvent({ dateFrom: from, dateTo: to }), `${from} – ${to}`).toBe(run);
  });

  it("is never a run when the end is missing, unreadable or not after the start", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }), fc.integer({ min: 0, max: 90 * 86_400_000 }), (start, back) => {
        const dateFrom = start.toISOString();
        expect(isMultiDayEvent({ dateFrom, dateTo: new Date(start.getTime() - back).toISOString() })).toBe(false);
        expect(isMultiDayEvent({ dateFrom, dateTo: "someday" })).toBe(false);
        expect(isMultiDayEvent({ dateFrom: "someday", dateTo: dateFrom })).toBe(false);
      }),
    );
  });
});

describe("eventWhen", () => {
  it("gives an evening's day and hour", () => {
    expect(eventWhen(CONCERT, "val")).toBe("dilluns, 1 de juliol del 2030, a les 21:00");
    // ICU versions differ in the space before "PM".
    expect(eventWhen({ dateFrom: CONCERT.dateFrom, dateTo: undefined }, "en")).toMatch(/^Monday, July 1, 2030 at 9:00\sPM$/);
  });

  it("gives a run's first and last days, as a ticket for any of them must say", () => {
    // Intl puts thin spaces around the dash.
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(spaced(eventWhen(CIRCUS, "es"))).toBe("26 de diciembre de 2026 – 4 de enero de 2027");
    expect(spaced(eventWhen(CIRCUS, "val"))).toBe("26 de desembre del 2026 – 4 de gener del 2027");
    expect(spaced(eventWhen(CIRCUS, "en"))).toBe("December 26, 2026 – January 4, 2027");
    expect(eventWhen({ dateFrom: "2030-07-10T18:00:00+02:00", dateTo: "2030-07-12T23:59:00+02:00" }, "es")).toBe("10–12 de julio de 2030");
  });
});

describe("doorsOpenAt", () => {
  const NEW_YEARS_EVE = { dateFrom: "2026-12-31T22:00:00+01:00", dateTo: "2027-01-01T06:00:00+01:00", doorsOpen: "21:30" };

  it("puts the story's time of day on the evening of the start, on the venue's clock", () => {
    expect(doorsOpenAt(NEW_YEARS_EVE)?.toISOString()).toBe("2026-12-31T20:30:00.000Z");
    // Summer time.
    expect(doorsOpenAt({ ...CONCERT, doorsOpen: "19:30" })?.toISOString()).toBe("2030-07-01T17:30:00.000Z");
    for (const written of ["19.30", "19h30", " 19:30 "]) expect(doorsOpenAt({ ...CONCERT, doorsOpen: written })?.toISOString()).toBe("2030-07-01T17:30:00.000Z");
  });

  it("opens the doors the evening before a show that starts after midnight", () => {
    expect(doorsOpenAt({ dateFrom: "2030-07-02T00:30:00+02:00", dateTo: undefined, doorsOpen: "23:30" })?.toISOString()).toBe("2030-07-01T21:30:00.000Z");
  });

  it("has no doors' time for a run of days, an empty or unreadable one, or an unreadable start", () => {
    expect(doorsOpenAt({ ...CIRCUS, doorsOpen: "16:30" })).toBeUndefined();
    expect(doorsOpenAt({ ...CONCERT, doorsOpen: undefined })).toBeUndefined();
    expect(doorsOpenAt({ ...CONCERT, doorsOpen: "after dinner" })).toBeUndefined();
    expect(doorsOpenAt({ ...CONCERT, doorsOpen: "25:00" })).toBeUndefined();
    expect(doorsOpenAt({ dateFrom: "someday", dateTo: undefined, doorsOpen: "19:30" })).toBeUndefined();
  });

  it("is never after the start and less than a day before it (property)", () => {
    // Not 02:xx, which the night the clocks go forward has not.
    const hour = fc.integer({ min: 0, max: 23 }).filter((hours) => hours !== 2);
    const time = fc.tuple(hour, fc.integer({ min: 0, max: 59 })).map(([hours, minutes]) => `${hours}:${String(minutes).padStart(2, "0")}`);
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }), time, (start, doorsOpen) => {
        const doors = doorsOpenAt({ dateFrom: start.toISOString(), dateTo: undefined, doorsOpen });
        expect(doors).toBeDefined();
        const before = start.getTime() - doors!.getTime();
        // Around the clocks' changes the night is an hour shorter or longer.
        expect(before).toBeGreaterThan(-3_600_000);
        expect(before).toBeLessThan(25 * 3_600_000);
        expect(formatTime(doors!, "es").padStart(5, "0")).toBe(doorsOpen.padStart(5, "0"));
      }),
      { numRuns: 1_000 },
    );
  });

  it("is written on the language's one clock, as the start is", () => {
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(spaced(formatTime(doorsOpenAt(NEW_YEARS_EVE)!, "en"))).toBe("9:30 PM");
    expect(spaced(eventWhen(NEW_YEARS_EVE, "en"))).toBe("Thursday, December 31, 2026 at 10:00 PM");
    expect(formatTime(doorsOpenAt(NEW_YEARS_EVE)!, "es")).toBe("21:30");
    expect(eventWhen(NEW_YEARS_EVE, "val")).toBe("dijous, 31 de desembre del 2026, a les 22:00");
  });
});
