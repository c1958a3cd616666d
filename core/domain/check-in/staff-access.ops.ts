import type { StaffEvents } from "../../ports/staff-access.port";

/** Whether staff with these events may check tickets in for `eventId`; a visitor (null) never. */
export function mayCheckIn(events: StaffEvents | null, eventId: string): boolean {
  return events === "all" || (events !== null && events.includes(eventId));
}
