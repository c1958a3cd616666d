import { assign, fromPromise, setup } from "xstate";
import { CHECK_IN } from "./check-in.settings";

export type PackRefreshEvent =
  /** The device's network came back (the browser's `online`). */
  | { type: "ONLINE" }
  /** It went away (`offline`): nothing is fetched until it is back. */
  | { type: "OFFLINE" };

export interface PackRefreshContext {
  /** How many refreshes succeeded: the kiosk reads its pack's age again after each. */
  readonly refreshes: number;
  /** Whether the last attempt failed (the server unreachable while the device thought itself online). */
  readonly lastFailed: boolean;
}

/**
 * Issue 54: a gate keeps its event's pack fresh while it scans. Online, it waits
 * CHECK_IN.packRefreshMs and fetches the pack again (the `refreshPack` actor, provided by the
 * kiosk: it replaces the pack and keeps every check-in the device made, pending ones included);
 * the network coming back fetches it at once; offline, it waits for the network. A failed fetch
 * is tried again after the same wait. The gate opened with a fresh pack, so it starts waiting (a
 * kiosk opened without network sends OFFLINE at once).
 */
export const packRefreshMachine = setup({
  types: {
    context: {} as PackRefreshContext,
    events: {} as PackRefreshEvent,
  },
  actors: {
    refreshPack: fromPromise<void>(async () => {
      throw new Error("refreshPack must be provided");
    }),
  },
  delays: {
    refreshEvery: CHECK_IN.packRefreshMs,
  },
}).createMachine({
  id: "packRefresh",
  context: { refreshes: 0, lastFailed: false },
  initial: "waiting",
  on: { OFFLINE: ".offline" },
  states: {
    offline: { on: { ONLINE: "refreshing" } },
    waiting: { after: { refreshEvery: "refreshing" }, on: { ONLINE: "refreshing" } },
    refreshing: {
      // The network flickering back during a fetch changes nothing: one fetch at a time.
      on: { ONLINE: {} },
      invoke: {
        src: "refreshPack",
        onDone: { target: "waiting", actions: assign(({ context }) => ({ refreshes: context.refreshes + 1, lastFailed: false })) },
        onError: { target: "waiting", actions: assign({ lastFailed: true }) },
      },
    },
  },
});
