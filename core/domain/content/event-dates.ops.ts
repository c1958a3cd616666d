import type { EventContent } from "./content-types.schema";
import { formatDate, formatDateRange } from "../locale/locale-format.ops";
import type { LocaleCode } from "../locale/locale.settings";
import { venueWallClock } from "../venue/venue-clock.ops";

/** An event's first and last moments as its story gives them (an event summary has both). */
export interface EventDates {
  readonly dateFrom: string;
  readonly dateTo: string | undefined;
}

/** An event's dates as its story has them; an empty end is no end. */
export function eventDatesOf(event: EventContent): EventDates {
  return { dateFrom: event.date_from, dateTo: event.date_to || undefined };
}

/** The date formats `eventWhen` needs: the core's own, or a page's that remembers what it formatted. */
export interface EventDateFormats {
  date(date: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
  dateRange(from: Date, to: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
}

const CORE_FORMATS: EventDateFormats = { date: formatDate, dateRange: formatDateRange };

/** Until this hour the night belongs to the evening before: a concert that ends at two is one evening. */
export const NIGHT_ENDS_AT_HOUR = 6;

const DAY_MS = 86_400_000;

/** The venue's calendar day of an instant, as a day count; an end in the small hours counts as the day before. */
function venueDay(instant: number, endOfNight: boolean): number {
  const wallClock = venueWallClock(instant);
  const day = Math.floor(wallClock.getTime() / DAY_MS);
  return endOfNight && wallClock.getUTCHours() < NIGHT_ENDS_AT_HOUR ? day - 1 : day;
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
