import { WAITING_ROOM, automaticAdmitPerMinute, waitingRoomSettingsOf, type Logger, type SaleEvent, type TicketOffer, type WaitingRoomStorePort } from "../../core";
import { createPeriodicTask, type PeriodicTask } from "./periodic-task";

export interface WaitingRoomAdvanceOptions {
  readonly store: WaitingRoomStorePort;
  /** The published events whose waiting room is open now. */
  readonly openRooms: (now: Date) => Promise<readonly SaleEvent[]>;
  /** What the event has left now: an automatic room's rate, and whether it is sold out. */
  readonly offer: (event: SaleEvent, now: Date) => Promise<Pick<TicketOffer, "availability" | "ticketTypes">>;
  readonly logger: Logger;
  readonly now?: () => Date;
}

export interface WaitingRoomAdvance extends PeriodicTask {
  /** One round: every open room's frontier moved as far as its rate allows. */
  advance(): Promise<void>;
}

/**
 * Moves the open rooms' frontiers (issue 51). Every server process runs it, every
 * WAITING_ROOM.advanceEveryMs: the store moves each frontier once per interval whoever asks, so
 * one instance's death changes nothing, and no visitor's poll writes.
 */
export function createWaitingRoomAdvance(options: WaitingRoomAdvanceOptions): WaitingRoomAdvance {
  const now = options.now ?? (() => new Date());
  async function advance() {
    const at = now();
    for (const event of await options.openRooms(at)) {
      const settings = waitingRoomSettingsOf(event.content);
      if (!settings) continue;
      const offer = await options.offer(event, at);
      const left = offer.ticketTypes.reduce((sum, type) => sum + type.available, 0);
      const perMinute = settings.admitPerMinute === "automatic" ? automaticAdmitPerMinute(left) : settings.admitPerMinute;
      await options.store.advance(event.id, settings, { now: at.getTime(), perMinute, soldOut: offer.availability === "sold-out" });
    }
  }
  const task = createPeriodicTask(advance, { everyMs: WAITING_ROOM.advanceEveryMs / 2, logger: options.logger, failedEvent: "waiting-room.advance-failed" });
  return { advance, ...task };
}
