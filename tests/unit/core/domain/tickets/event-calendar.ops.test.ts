import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeCalendarText, eventCalendar, foldCalendarLine, type CalendarEvent } from "../../../../../core/domain/tickets/event-calendar.ops";

const EVENT: CalendarEvent = {
  id: "story-uuid-1",
  title: "Lúa Serrano; Marea Alta, en directo",
  description: "Segunda fecha\n¡Entradas a la venta!",
  location: "Pista central",
  url: "https://arena.test/es/event/lua-serrano/",
  start: "2026-12-12T21:30:00+01:00",
  end: undefined,
  status: "CONFIRMED",
};
const NOW = new Date("2026-11-24T10:00:00Z");

const unfold = (text: string) => text.replace(/\r\n /g, "");
const octets = (line: string) => new TextEncoder().encode(line).length;

describe("eventCalendar", () => {
  it("writes one event in the venue's time zone, three hours long without an end, with the venue and its status", () => {
    const ics = eventCalendar(EVENT, NOW);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split("\r\n");
    expect(lines.slice(0, 5)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Túria Arena//Events//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]);
    expect(lines).toContain("TZID:Europe/Madrid");
    expect(lines).toContain("UID:story-uuid-1@turia-arena");
    expect(lines).toContain("DTSTAMP:20261124T100000Z");
    expect(lines).toContain("DTSTART;TZID=Europe/Madrid:20261212T213000");
    expect(lines).toContain("DTEND;TZID=Europe/Madrid:20261213T003000");
    expect(lines).toContain("SUMMARY:Lúa Serrano\\; Marea Alta\\, en directo");
    expect(lines).toContain("DESCRIPTION:Segunda fecha\\n¡Entradas a la venta!");
    expect(lines).toContain("LOCATION:Túria Arena\\, Pista central\\, Passeig de l'Albereda 40\\, 46023 València");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines.slice(-2)).toEqual(["END:VCALENDAR", ""]);
  });

  it("keeps the wall-clock hour across the change to summer time, and a multi-day event's end", () => {
    const lines = unfold(eventCalendar({ ...EVENT, start: "2027-05-28T17:00:00+02:00", end: "2027-05-30T23:59:00+02:00", status: "TENTATIVE" }, NOW)).split("\r\n");
    expect(lines).toContain("DTSTART;TZID=Europe/Madrid:20270528T170000");
    expect(lines).toContain("DTEND;TZID=Europe/Madrid:20270530T235900");
    expect(lines).toContain("STATUS:TENTATIVE");
  });

  it("marks the reader busy for an evening, not for every day of a run", () => {
    expect(unfold(eventCalendar(EVENT, NOW)).split("\r\n")).toContain("TRANSP:OPAQUE");
    const run = unfold(eventCalendar({ ...EVENT, start: "2026-12-26T17:00:00+01:00", end: "2027-01-04T20:00:00+01:00" }, NOW)).split("\r\n");
    expect(run).toContain("TRANSP:TRANSPARENT");
    expect(run).toContain("DTEND;TZID=Europe/Madrid:20270104T200000");
  });

  it("marks a night that ends next morning busy, with its hours (issue 49 item 15: New Year's Eve, 22:00 → 06:00)", () => {
    const night = unfold(eventCalendar({ ...EVENT, start: "2026-12-31T22:00:00+01:00", end: "2027-01-01T06:00:00+01:00" }, NOW)).split("\r\n");
    expect(night).toContain("TRANSP:OPAQUE");
    expect(night).toContain("DTSTART;TZID=Europe/Madrid:20261231T220000");
    expect(night).toContain("DTEND;TZID=Europe/Madrid:20270101T060000");
  });

  it("folds every line at 75 octets, and unfolding gives the text back (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (title) => {
        const ics = eventCalendar({ ...EVENT, title }, NOW);
        for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
        expect(unfold(ics)).toContain(`SUMMARY:${escapeCalendarText(title)}\r\n`);
      }),
    );
  });

  it("escapes so that a calendar reads back the text as written (property)", () => {
    const unescape = (text: string) => text.replace(/\\(.)/g, (_, character: string) => (character === "n" ? "\n" : character));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const lines = text.replace(/\r\n?/g, "\n");
        expect(unescape(escapeCalendarText(lines))).toBe(lines);
      }),
    );
  });

  it("never splits a character when folding", () => {
    const folded = foldCalendarLine(`SUMMARY:${"€".repeat(60)}`);
    expect(folded.split("\r\n ").every((part) => !part.includes("\uFFFD"))).toBe(true);
    expect(unfold(folded)).toBe(`SUMMARY:${"€".repeat(60)}`);
  });
});
