import type { SnapshotFrom } from "xstate";
import type { packRefreshMachine } from "./pack-refresh.machine";

export interface PackRefreshView {
  /** Whether the pack is being fetched now. */
  readonly refreshing: boolean;
  /** Changes with every pack that arrived: the kiosk reads the pack's age again. */
  readonly refreshes: number;
  /** Whether the last fetch failed while online: the pack is older than it should be. */
  readonly stale: boolean;
}

export function packRefreshView(snapshot: SnapshotFrom<typeof packRefreshMachine>): PackRefreshView {
  return { refreshing: snapshot.matches("refreshing"), refreshes: snapshot.context.refreshes, stale: snapshot.context.lastFailed };
}
