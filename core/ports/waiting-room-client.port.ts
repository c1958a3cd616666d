import type { WaitingRoomAnswer } from "../domain/waiting-room/waiting-room.schema";

/** Browser side (the site, or a kiosk): this browser's place in an event's waiting room, through the server. */
export interface WaitingRoomClient {
  /** Takes a place, or answers with the one this browser has. */
  join(eventSlug: string): Promise<WaitingRoomAnswer>;
  /** This browser's standing now. */
  standing(eventSlug: string): Promise<WaitingRoomAnswer>;
}
