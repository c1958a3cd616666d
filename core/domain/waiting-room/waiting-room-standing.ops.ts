import { WAITING_ROOM } from "./waiting-room.settings";
import type { WaitingRoomAnswer } from "./waiting-room.schema";
import type { WaitingRoomFrontier } from "./waiting-room-frontier.ops";
import type { WaitingRoomSettings } from "./waiting-room-settings.ops";

/** Where one place stands, from the frontier alone (issue 51: a poll is one read). */
export type WaitingRoomStanding =
  | {
      readonly status: "waiting";
      /** Their number in the whole queue, 1 for the next one in. */
      readonly place: number;
      /** Counted arrivals between the frontier and them. */
      readonly ahead: number;
      /** Until they are in: the time to the sale's start, and the people ahead at the room's rate; undefined while no rate is known yet. */
      readonly waitMs: number | undefined;
      /** Before the sale: places are drawn at random within its last minute. */
      readonly preQueue: boolean;
    }
  | { readonly status: "admitted"; readonly until: number }
  | { readonly status: "expired" }
  | { readonly status: "sold-out" };

/** Counted arrivals from the frontier up to `position`, a span in proportion to the part of it before the position. */
export function peopleAhead(frontier: WaitingRoomFrontier, position: number): number {
  let ahead = 0;
  for (const span of frontier.pending) {
    const from = Math.max(span.from, frontier.through);
    const to = Math.min(span.to, position);
    if (to > from) ahead += (span.count * (to - from)) / (span.to - span.from);
  }
  return Math.floor(ahead);
}

/** When the frontier passed `position`: the first checkpoint beyond it; undefined if it has not, or so long ago that no checkpoint is kept. */
export function admittedAt(frontier: WaitingRoomFrontier, position: number): number | undefined {
  if (position >= frontier.through || position < frontier.expiredBelow) return undefined;
  return frontier.checkpoints.find((checkpoint) => checkpoint.through > position)?.at;
}

/** Whether the place at `position` may hold tickets at `now`: admitted, within its window. */
export function isAdmitted(frontier: WaitingRoomFrontier, position: number, now: number): boolean {
  const at = admittedAt(frontier, position);
  return at !== undefined && now < at + WAITING_ROOM.admissionWindowMs;
}

/** The place's standing at `now`. */
export function standingOf(frontier: WaitingRoomFrontier, position: number, now: number, settings: Pick<WaitingRoomSettings, "saleStartsAt">): WaitingRoomStanding {
  if (position < frontier.through) {
    const at = admittedAt(frontier, position);
    return at !== undefined && now < at + WAITING_ROOM.admissionWindowMs ? { status: "admitted", until: at + WAITING_ROOM.admissionWindowMs } : { status: "expired" };
  }
  if (frontier.soldOut) return { status: "sold-out" };
  const ahead = peopleAhead(frontier, position);
  const untilSale = Math.max(0, settings.saleStartsAt - now);
  return {
    status: "waiting",
    place: Math.floor(frontier.admitted) + ahead + 1,
    ahead,
    waitMs: frontier.perMinute > 0 ? untilSale + Math.ceil((ahead * 60_000) / frontier.perMinute) : untilSale > 0 ? untilSale : undefined,
    preQueue: now < settings.saleStartsAt,
  };
}

/** The standing as the JSON answer says it (WaitingRoomAnswer). */
export function waitingRoomAnswerOf(standing: WaitingRoomStanding): WaitingRoomAnswer {
  switch (standing.status) {
    case "waiting":
      return {
        status: "waiting",
        place: standing.place,
        ahead: standing.ahead,
        ...(standing.waitMs === undefined ? {} : { waitSeconds: Math.ceil(standing.waitMs / 1000) }),
        preQueue: standing.preQueue,
        pollSeconds: WAITING_ROOM.pollMs / 1000,
      };
    case "admitted":
      return { status: "admitted", admittedUntil: new Date(standing.until).toISOString() };
    default:
      return { status: standing.status };
  }
}
