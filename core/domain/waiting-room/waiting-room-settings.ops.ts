import type { EventContent } from "../content/content-types.schema";

/** An event's waiting room as its content configures it (issue 51). */
export interface WaitingRoomSettings {
  /** When visitors of the tickets page start getting a place (ms since the epoch). */
  readonly opensAt: number;
  /** When the first places are admitted; arrivals before it are placed at random in the minute before. */
  readonly saleStartsAt: number;
  /** Buyers admitted per minute, or "automatic": as many per admission window as there are tickets left. */
  readonly admitPerMinute: number | "automatic";
}

/** The event's waiting room, if its content opens one; without a sale start, admission starts as it opens. */
export function waitingRoomSettingsOf(content: Pick<EventContent, "waiting_room_opens" | "waiting_room_sale_start" | "waiting_room_per_minute">): WaitingRoomSettings | undefined {
  if (!content.waiting_room_opens) return undefined;
  const opensAt = Date.parse(content.waiting_room_opens);
  const saleStartsAt = content.waiting_room_sale_start ? Date.parse(content.waiting_room_sale_start) : opensAt;
  const perMinute = content.waiting_room_per_minute;
  return { opensAt, saleStartsAt: Math.max(opensAt, saleStartsAt), admitPerMinute: typeof perMinute === "number" ? perMinute : "automatic" };
}

/** Whether the room stands in front of the tickets page at `now`. */
export function waitingRoomIsOpen(settings: WaitingRoomSettings | undefined, now: number): settings is WaitingRoomSettings {
  return settings !== undefined && now >= settings.opensAt;
}
