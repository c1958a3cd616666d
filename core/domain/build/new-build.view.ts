import type { SnapshotFrom } from "xstate";
import type { newBuildMachine } from "./new-build.machine";

export interface NewBuildView {
  /** A newer build is deployed: the UI offers a reload. */
  readonly updateAvailable: boolean;
}

export function newBuildView(snapshot: SnapshotFrom<typeof newBuildMachine>): NewBuildView {
  return { updateAvailable: snapshot.matches("outdated") || snapshot.matches("reloadBlocked") };
}
