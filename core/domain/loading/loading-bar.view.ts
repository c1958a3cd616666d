import type { SnapshotFrom } from "xstate";
import type { loadingBarMachine } from "./loading-bar.machine";
import { LOADING_BAR } from "./loading-bar.settings";

export interface LoadingBarView {
  readonly visible: boolean;
  /** 0–100. */
  readonly progress: number;
  readonly color: "primary" | "danger";
  readonly heightPx: number;
  /** A navigation is in progress (for aria-busy), whether or not the bar is shown yet. */
  readonly busy: boolean;
}

export function loadingBarView(snapshot: SnapshotFrom<typeof loadingBarMachine>): LoadingBarView {
  return {
    visible: snapshot.matches("visible") || snapshot.matches("finishing"),
    progress: snapshot.context.progress,
    color: snapshot.context.error ? "danger" : "primary",
    heightPx: LOADING_BAR.heightPx,
    busy: snapshot.matches("pending") || snapshot.matches("visible"),
  };
}
