import type { AdvanceOptions, WaitingRoomFrontier } from "../domain/waiting-room/waiting-room-frontier.ops";
import type { WaitingRoomSettings } from "../domain/waiting-room/waiting-room-settings.ops";

/*
 * The waiting rooms' store (issue 51): each room's arrivals, counted per bucket, and its admission
 * frontier, shared by every instance (no sticky sessions). Rooms are keyed by the event's story
 * uuid. A queued visitor's poll is one `frontier` read and writes nothing; an arrival is one write
 * of its own (no document every arrival writes to); the frontier moves through `advance`, at most
 * once per WAITING_ROOM.advanceEveryMs whoever asks (core/domain/waiting-room/waiting-room-frontier.ops.ts
 * is the arithmetic both stores apply). Instants are milliseconds since the epoch, passed in.
 */

export interface WaitingRoomArrival {
  readonly roomId: string;
  /** arrivalPositionOf: the place, which also says the bucket it is counted in. */
  readonly position: number;
  /** The account on arrival, if signed in: one place per account and room. */
  readonly accountId?: string;
}

export type ArriveOutcome =
  | { readonly outcome: "arrived"; readonly position: number }
  /** The account has a place in this room already: that one, and nothing counted again. */
  | { readonly outcome: "already-queued"; readonly position: number };

export interface WaitingRoomStorePort {
  arrive(arrival: WaitingRoomArrival): Promise<ArriveOutcome>;
  /** The room's frontier (emptyFrontier for a room no one has reached): one read. */
  frontier(roomId: string, settings: Pick<WaitingRoomSettings, "saleStartsAt">): Promise<WaitingRoomFrontier>;
  /**
   * Counts the buckets that have become countable and moves the frontier (advanceFrontier), in one
   * transaction; a frontier advanced within the last interval is returned as it is, unwritten.
   */
  advance(roomId: string, settings: Pick<WaitingRoomSettings, "saleStartsAt">, options: Omit<AdvanceOptions, "saleStartsAt">): Promise<WaitingRoomFrontier>;
}
