import { VENUE_TIME_ZONE } from "./venue-time-zone.settings";

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based): when the EU changes its clocks. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The venue's offset from UTC: CET, and CEST from the last Sunday of March to the last of October
 * (the EU's rule since 1996; `VENUE_TIME_ZONE_LINES` says the same to calendars). Worked out rather
 * than asked of Intl: it runs while event cards hydrate, and a browser's first Intl formatter loads
 * the locale's data (25–30 ms).
 */
export function venueUtcOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/** An instant as the venue's wall clock reads it, in a Date's UTC fields. */
export function venueWallClock(instant: number): Date {
  return new Date(instant + venueUtcOffsetMs(instant));
}

/** The venue's time zone for an iCalendar file (RFC 5545 VTIMEZONE): the rule above, in its terms. */
export const VENUE_TIME_ZONE_LINES: readonly string[] = [
  "BEGIN:VTIMEZONE",
  `TZID:${VENUE_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];
