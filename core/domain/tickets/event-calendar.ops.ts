import type { EventContent } from "../content/content-types.schema";
import { isMultiDayEvent } from "../content/event-dates.ops";
import { VENUE_TIME_ZONE_LINES, venueWallClock } from "../venue/venue-clock.ops";
import { VENUE } from "../venue/venue.settings";

/** An event as a calendar entry needs it; instants are ISO 8601 with an offset. */
export interface CalendarEvent {
  /** The story's uuid: the same event is the same entry in every file, so calendars update it. */
  readonly id: string;
  readonly title: string;
  readonly description: string | undefined;
  /** The hall or area inside the venue. */
  readonly location: string | undefined;
  readonly url: string;
  readonly start: string;
  readonly end: string | undefined;
  /** RFC 5545 STATUS: a postponed event is tentative until its new date is known. */
  readonly status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

/** Without an end in the CMS, an evening at the arena: concerts and matches last about this long. */
export const DEFAULT_EVENT_DURATION_MS = 3 * 60 * 60_000;

const OCTETS_PER_LINE = 75;

/** RFC 5545 §3.3.11: TEXT escapes backslash, semicolon, comma and line breaks. */
export function escapeCalendarText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * RFC 5545 §3.1: a content line longer than 75 octets goes on in lines that begin with a space,
 * never splitting a UTF-8 character.
 */
export function foldCalendarLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // A continuation line's leading space counts towards its 75 octets.
    const limit = lines.length === 0 ? OCTETS_PER_LINE : OCTETS_PER_LINE - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

/** The wall-clock time in the venue's time zone, as a calendar's local DATE-TIME (yyyymmddThhmmss). */
function venueLocalTime(instant: number): string {
  return venueWallClock(instant).toISOString().replace(/[-:]/g, "").slice(0, 15);
}

const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/**
 * An iCalendar file (RFC 5545) with one event at the venue, in the venue's time zone, so that a
 * calendar anywhere shows the right hour. Lines end in CRLF and are folded at 75 octets.
 */
export function eventCalendar(event: CalendarEvent, now: Date): string {
  const start = Date.parse(event.start);
  const end = event.end ? Date.parse(event.end) : start + DEFAULT_EVENT_DURATION_MS;
  const place = [VENUE.name, event.location, VENUE.streetAddress, `${VENUE.postalCode} ${VENUE.locality}`].filter(Boolean).join(", ");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${VENUE.name}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VENUE_TIME_ZONE_LINES,
    "BEGIN:VEVENT",
    `UID:${event.id}@turia-arena`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${VENUE.timeZone}:${venueLocalTime(start)}`,
    `DTEND;TZID=${VENUE.timeZone}:${venueLocalTime(Math.max(end, start))}`,
    `SUMMARY:${escapeCalendarText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeCalendarText(event.description)}`] : []),
    `LOCATION:${escapeCalendarText(place)}`,
    `GEO:${VENUE.latitude};${VENUE.longitude}`,
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    // A run of days (a ticket for one show on any of them) leaves the reader's days free; an evening is busy.
    `TRANSP:${isMultiDayEvent({ dateFrom: event.start, dateTo: event.end }) ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldCalendarLine).join("\r\n")}\r\n`;
}

/** A published event as a calendar entry; `url` is its page in the reader's language. */
export function calendarEventOf(story: { readonly meta: { readonly uuid: string; readonly name: string }; readonly content: EventContent }, url: string): CalendarEvent {
  const { content } = story;
  return {
    id: story.meta.uuid,
    title: content.title || story.meta.name,
    description: content.subtitle || undefined,
    location: content.location || undefined,
    url,
    start: content.date_from,
    end: content.date_to || undefined,
    status: content.status === "cancelled" ? "CANCELLED" : content.status === "postponed" ? "TENTATIVE" : "CONFIRMED",
  };
}
