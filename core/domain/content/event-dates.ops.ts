import type { EventContent } from "./content-types.schema";
import { formatDate, formatDateRange, TIME_FORMAT } from "../locale/locale-format.ops";
import type { LocaleCode } from "../locale/locale.settings";
import { venueUtcOffsetMs, venueWallClock } from "../venue/venue-clock.ops";

/** An event's first and last moments as its story gives them (an event summary has both). */
export interface EventDates {
  readonly dateFrom: string;
  readonly dateTo: string | undefined;
  /** The time of day the doors open, as the story writes it ("21:30"); absent when it says none. */
  readonly doorsOpen?: string | undefined;
}

/** An event's dates as its story has them; an empty end is no end. */
export function eventDatesOf(event: EventContent): EventDates {
  return { dateFrom: event.date_from, dateTo: event.date_to || undefined, doorsOpen: event.doors_open || undefined };
}

/** The date formats `eventWhen` needs: the core's own, or a page's that remembers what it formatted. */
export interface EventDateFormats {
  date(date: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
  dateRange(from: Date, to: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
}

const CORE_FORMATS: EventDateFormats = { date: formatDate, dateRange: formatDateRange };

/**
 * Until this hour, itself included, the night belongs to the evening before: a concert that ends
 * at two is one evening, and so is New Year's Eve from 22:00 to 06:00.
 */
export const NIGHT_ENDS_AT_HOUR = 6;

const NIGHT_ENDS_AT_MS = NIGHT_ENDS_AT_HOUR * 3_600_000;

const DAY_MS = 86_400_000;

/** The venue's calendar day of an instant, as a day count; an end in the small hours counts as the day before. */
function venueDay(instant: number, endOfNight: boolean): number {
  const wallClock = venueWallClock(instant);
  const day = Math.floor(wallClock.getTime() / DAY_MS);
  return endOfNight && wallClock.getTime() - day * DAY_MS <= NIGHT_ENDS_AT_MS ? day - 1 : day;
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
    : formats.date(from, locale, { dateStyle: "full", ...TIME_FORMAT });
}

/** A time of day as editors write it: "21:30", "9:30", "21.30", "21h30". */
const TIME_OF_DAY = /^\s*([01]?\d|2[0-3])\s*[:.h]\s*([0-5]\d)\s*$/i;

/**
 * When the doors of an evening open, as an instant, so that it is written on the reader's
 * language's clock like the start: the story's time of day on the evening of the start, or the
 * evening before when it is later than the start (doors at 23:30 for a show at 00:30). Undefined
 * for a run of days (each day has its own doors), an empty or unreadable time, or an unreadable start.
 */
export function doorsOpenAt(dates: EventDates): Date | undefined {
  const time = TIME_OF_DAY.exec(dates.doorsOpen ?? "");
  const start = Date.parse(dates.dateFrom);
  if (!time || Number.isNaN(start) || isMultiDayEvent(dates)) return undefined;
  const startWallClock = venueWallClock(start).getTime();
  let doorsWallClock = Math.floor(startWallClock / DAY_MS) * DAY_MS + (Number(time[1]) * 60 + Number(time[2])) * 60_000;
  if (doorsWallClock > startWallClock) doorsWallClock -= DAY_MS;
  return new Date(doorsWallClock - venueUtcOffsetMs(doorsWallClock - venueUtcOffsetMs(doorsWallClock)));
}
