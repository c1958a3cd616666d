import type { SnapshotFrom } from "xstate";
import type { WaitingRoomAnswer } from "./waiting-room.schema";
import type { waitingRoomMachine } from "./waiting-room.machine";

export type WaitingRoomStage = "joining" | "waiting" | "admitted" | "expired" | "sold-out";

export interface WaitingRoomView {
  readonly stage: WaitingRoomStage;
  readonly place: number | undefined;
  readonly ahead: number | undefined;
  /** Whole minutes, at least 1; undefined while unknown. */
  readonly waitMinutes: number | undefined;
  readonly preQueue: boolean;
  /**
   * What the live region says: it changes only when the people ahead cross a milestone (every
   * thousand, hundred, ten, then each one under ten), so a screen reader hears progress, not
   * every poll.
   */
  readonly milestone: number | undefined;
  /** The last asks failed: the page says it keeps trying. */
  readonly retrying: boolean;
}

/** The people ahead, rounded down to the milestone a screen reader is told of. */
export function aheadMilestone(ahead: number): number {
  const step = ahead >= 1000 ? 1000 : ahead >= 100 ? 100 : ahead >= 10 ? 10 : 1;
  return Math.floor(ahead / step) * step;
}

/** The view of an answer, whatever the machine's state (the page renders the server's answer the same way). */
export function waitingRoomViewOf(answer: WaitingRoomAnswer, stage: WaitingRoomStage, failures = 0): WaitingRoomView {
  const waiting = answer.status === "waiting" ? answer : undefined;
  return {
    stage,
    place: waiting?.place,
    ahead: waiting?.ahead,
    waitMinutes: waiting?.waitSeconds === undefined ? undefined : Math.max(1, Math.ceil(waiting.waitSeconds / 60)),
    preQueue: waiting?.preQueue ?? false,
    milestone: waiting ? aheadMilestone(waiting.ahead) : undefined,
    retrying: failures > 0,
  };
}

const STAGE_OF: Record<string, WaitingRoomStage> = {
  deciding: "joining",
  joining: "joining",
  retrying: "joining",
  waiting: "waiting",
  polling: "waiting",
  admitted: "admitted",
  expired: "expired",
  soldOut: "sold-out",
};

export function waitingRoomView(snapshot: SnapshotFrom<typeof waitingRoomMachine>): WaitingRoomView {
  return waitingRoomViewOf(snapshot.context.answer, STAGE_OF[String(snapshot.value)] ?? "joining", snapshot.context.failures);
}
