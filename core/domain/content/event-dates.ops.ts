import { formatDate, formatDateRange } from "../locale/locale-format.ops";
import type { LocaleCode } from "../locale/locale.settings";

/** An event's first and last moments as its story gives them (an event summary has both). */
export interface EventDates {
  readonly dateFrom: string;
  readonly dateTo: string | undefined;
}

/** The date formats `eventWhen` needs: the core's own, or a page's that remembers what it formatted. */
export interface EventDateFormats {
  date(date: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
  dateRange(from: Date, to: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
}

const CORE_FORMATS: EventDateFormats = { date: formatDate, dateRange: formatDateRange };

/** Until this hour the night belongs to the evening before: a concert that ends at two is one evening. */
export const NIGHT_ENDS_AT_HOUR = 6;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of a month (0-based): when the EU changes its clocks. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The venue's offset from UTC (Europe/Madrid: CET, CEST from the last Sunday of March to the last
 * of October, as its calendar files say). Worked out rather than asked of Intl: this runs while
 * event cards hydrate, and a browser's first Intl formatter loads the locale's data (25–30 ms).
 */
function venueOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/** The venue's calendar day of an instant, as a day count; an end in the small hours counts as the day before. */
function venueDay(instant: number, endOfNight: boolean): number {
  const local = instant + venueOffsetMs(instant);
  const day = Math.floor(local / DAY_MS);
  const hour = Math.floor((local - day * DAY_MS) / HOUR_MS);
  return endOfNight && hour < NIGHT_ENDS_AT_HOUR ? day - 1 : day;
}

/** Whether an event runs over several days (a Christmas circus, a festival) rather than one evening. */
export function isMultiDayEvent(dates: EventDates): boolean {
  const from = Date.parse(dates.dateFrom);
  const to = dates.dateTo ? Date.parse(dates.dateTo) : Number.NaN;
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return false;
  return venueDay(to, true) > venueDay(from, false);
}

/**
 * When an event is, in one line of the reader's language: an evening's day and hour ("dilluns, 1
 * de juliol del 2030, a les 21:00"), a run's first and last days ("26 de diciembre de 2026 – 4 de
 * enero de 2027"). A ticket's holder, its mail and the check at the door read the same dates as
 * the event page: a ticket for a run is not a ticket for its first evening.
 */
export function eventWhen(dates: EventDates, locale: LocaleCode, formats: EventDateFormats = CORE_FORMATS): string {
  const from = new Date(dates.dateFrom);
  return isMultiDayEvent(dates)
    ? formats.dateRange(from, new Date(dates.dateTo!), locale, { dateStyle: "long" })
    : formats.date(from, locale, { dateStyle: "full", timeStyle: "short" });
}
