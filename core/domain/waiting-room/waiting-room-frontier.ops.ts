import { WAITING_ROOM } from "./waiting-room.settings";
import type { WaitingRoomSettings } from "./waiting-room-settings.ops";

/*
 * Issue 51: the admission frontier, as pure functions the stores apply. A place is a number, its
 * position: the arrival's millisecond plus a random tiebreak in [0, 1), so two arrivals in the same
 * millisecond are (almost always) ordered too. The store counts arrivals by span of positions (countSpans: about a
 * second each, the pre-queue's minute as one); the frontier is a position: every place below it is
 * admitted. It moves over counted spans at the room's rate, through a span in proportion to its
 * count (arrivals spread evenly within it), so it never passes an arrival not counted yet, and
 * admits strictly in order of position. docs/waiting-room.md has the arithmetic.
 */

/** The arrivals of positions [from, to), as the store counted them. */
export interface ArrivalSpan {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Where the frontier stood at one advance: positions below `through` were admitted by `at`. */
export interface AdmissionCheckpoint {
  readonly at: number;
  readonly through: number;
}

/** A room's frontier: the one document (row) a queued visitor's poll reads. */
export interface WaitingRoomFrontier {
  /** Every position below it is admitted. */
  readonly through: number;
  /** How many arrivals the frontier has passed (fractional within a span). */
  readonly admitted: number;
  /** Positions below it are counted into `pending` (or passed). */
  readonly countedUpTo: number;
  /** Counted spans the frontier has not passed yet, in order, with their whole counts. */
  readonly pending: readonly ArrivalSpan[];
  /** The admissions of the last window, oldest first. */
  readonly checkpoints: readonly AdmissionCheckpoint[];
  /** Positions below it were admitted more than a window ago: their places have gone. */
  readonly expiredBelow: number;
  readonly advancedAt: number;
  /** The rate of the last advance, buyers per minute: what the wait is estimated from. */
  readonly perMinute: number;
  /** The store said the event is sold out at the last advance: no one is admitted any more. */
  readonly soldOut: boolean;
}

/** The first position a room can give: the start of the pre-queue's minute. */
const firstPosition = (settings: Pick<WaitingRoomSettings, "saleStartsAt">) => settings.saleStartsAt - WAITING_ROOM.preQueueMs;

/** Where an arrival at `now` is placed: its millisecond, or before the sale a random one in the pre-queue's minute; plus the tiebreak. */
export function arrivalPositionOf(now: number, settings: Pick<WaitingRoomSettings, "saleStartsAt">, random: () => number): number {
  const at = now < settings.saleStartsAt ? firstPosition(settings) + Math.floor(random() * WAITING_ROOM.preQueueMs) : Math.floor(now);
  // In 1/1024 ms: exact in a double beside any millisecond of this era, so no tiebreak rounds up to the next millisecond.
  return at + Math.floor(random() * TIEBREAKS) / TIEBREAKS;
}

const TIEBREAKS = 1024;

/** The frontier of a room no one has reached yet. */
export function emptyFrontier(settings: Pick<WaitingRoomSettings, "saleStartsAt">): WaitingRoomFrontier {
  const first = firstPosition(settings);
  return { through: first, admitted: 0, countedUpTo: first, pending: [], checkpoints: [], expiredBelow: first, advancedAt: 0, perMinute: 0, soldOut: false };
}

/**
 * The spans an advance at `now` counts, from where the last one stopped: positions that are a grace
 * old (arrivals being written land first), none of the pre-queue's minute before the sale has
 * started (its places are drawn until then), which is one span; the rest in spans of at most a
 * second, so a burst is not spread over a quiet while before it.
 */
export function countSpans(frontier: Pick<WaitingRoomFrontier, "countedUpTo">, now: number, settings: Pick<WaitingRoomSettings, "saleStartsAt">): { from: number; to: number }[] {
  if (now < settings.saleStartsAt + WAITING_ROOM.countGraceMs) return [];
  const upTo = Math.floor(now - WAITING_ROOM.countGraceMs);
  const spans: { from: number; to: number }[] = [];
  let from = frontier.countedUpTo;
  if (from < settings.saleStartsAt) {
    spans.push({ from, to: settings.saleStartsAt });
    from = settings.saleStartsAt;
  }
  // After a quiet while, what came before the last few seconds is one span: no one was rushing then.
  if (upTo - from > WAITING_ROOM.catchUpSpans * WAITING_ROOM.spanMs) {
    spans.push({ from, to: upTo - WAITING_ROOM.catchUpSpans * WAITING_ROOM.spanMs });
    from = upTo - WAITING_ROOM.catchUpSpans * WAITING_ROOM.spanMs;
  }
  for (; from < upTo; from = Math.min(upTo, from + WAITING_ROOM.spanMs)) spans.push({ from, to: Math.min(upTo, from + WAITING_ROOM.spanMs) });
  return spans;
}

/** Whether an advance at `now` would do nothing: another (instance) advanced within the last interval. */
export function frontierIsFresh(frontier: WaitingRoomFrontier, now: number): boolean {
  return now - frontier.advancedAt < WAITING_ROOM.advanceEveryMs;
}

export interface AdvanceOptions {
  readonly now: number;
  /** The room's rate at this moment (automatic rooms: see automaticAdmitPerMinute). */
  readonly perMinute: number;
  readonly saleStartsAt: number;
  readonly soldOut: boolean;
}

/**
 * The frontier one advance later: `counted` (countSpans' spans, as counted) joins the pending
 * ones, and the frontier moves by as many arrivals as the rate allows since the last advance (at
 * most a minute's worth: an allowance no one used is not saved up), not before the sale starts,
 * nor once sold out. Checkpoints older than the admission window go, and their places with them.
 */
export function advanceFrontier(frontier: WaitingRoomFrontier, counted: readonly ArrivalSpan[], options: AdvanceOptions): WaitingRoomFrontier {
  const { now } = options;
  const fresh = counted.filter((span) => span.from >= frontier.countedUpTo);
  const pending = [...frontier.pending, ...fresh.filter((span) => span.count > 0)];
  const since = Math.max(frontier.advancedAt, options.saleStartsAt, now - WAITING_ROOM.longestCatchUpMs);
  let allowance = now > since && !options.soldOut ? (options.perMinute * (now - since)) / 60_000 : 0;
  let through = frontier.through;
  let admitted = frontier.admitted;
  while (allowance > 0 && pending.length > 0) {
    const span = pending[0]!;
    const passed = Math.min(1, Math.max(0, (through - span.from) / (span.to - span.from)));
    const left = span.count * (1 - passed);
    if (allowance >= left) {
      allowance -= left;
      admitted += left;
      through = span.to;
      pending.shift();
    } else {
      through = span.from + (passed + allowance / span.count) * (span.to - span.from);
      admitted += allowance;
      allowance = 0;
    }
  }
  const moved = through > frontier.through ? [...frontier.checkpoints, { at: now, through }] : [...frontier.checkpoints];
  const cutoff = now - WAITING_ROOM.admissionWindowMs;
  return {
    through,
    admitted,
    countedUpTo: Math.max(frontier.countedUpTo, ...fresh.map((span) => span.to)),
    pending,
    checkpoints: moved.filter((checkpoint) => checkpoint.at >= cutoff),
    expiredBelow: Math.max(frontier.expiredBelow, ...moved.filter((checkpoint) => checkpoint.at < cutoff).map((checkpoint) => checkpoint.through)),
    advancedAt: now,
    perMinute: options.perMinute,
    soldOut: options.soldOut,
  };
}

/** An automatic room's rate: as many buyers per admission window as there are tickets left (each buys one or more, or lets the place go). */
export function automaticAdmitPerMinute(ticketsLeft: number): number {
  return (ticketsLeft * 60_000) / WAITING_ROOM.admissionWindowMs;
}
