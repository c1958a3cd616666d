/**
 * Date fields hold an instant with the venue's offset ("2027-01-30T21:00:00+01:00"); editors
 * type the venue's wall-clock time (a datetime-local input: "2027-01-30T21:00"), whatever the
 * time zone of their own computer.
 */

/** The venue's offset at an instant, as "+01:00". */
function offsetAt(instant: number, timeZone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? "00"}` : "+00:00";
}

const minutesOf = (offset: string) => (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** The stored value as the venue's wall-clock time, for a datetime-local input; "" when it is no date. */
export function dateFieldToLocalInput(value: unknown, timeZone: string): string {
  if (typeof value !== "string" || !value.trim()) return "";
  // Storyblok's own format ("2026-12-12 21:00") is UTC.
  const instant = Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value);
  if (Number.isNaN(instant)) return "";
  const shifted = new Date(instant + minutesOf(offsetAt(instant, timeZone)) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local input's value as the stored instant with the venue's offset then; "" stays "". */
export function localInputToDateField(local: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return "";
  const asUtc = Date.parse(`${local}:00Z`);
  // The offset of the instant this wall-clock time is, found from the offset of its UTC reading and checked once more (DST edges).
  let offset = offsetAt(asUtc, timeZone);
  const corrected = offsetAt(asUtc - minutesOf(offset) * 60_000, timeZone);
  if (corrected !== offset) offset = corrected;
  return `${local}:00${offset}`;
}
