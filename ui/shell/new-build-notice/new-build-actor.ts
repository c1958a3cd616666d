import { createActor, fromPromise } from "xstate";
import { newBuildMachine, newBuildView, type NewBuildView } from "../../../core";

export interface NewBuildCheckSettings {
  readonly latestBuildId: () => Promise<string>;
  readonly currentBuildId: string;
  readonly slowConnection: boolean;
  readonly lastReloadAt: number | undefined;
  readonly intervalMs: number;
  /** Reloads the page after a chunk failed to load, noting when (the machine reloads once per window). */
  readonly reload: (at: number) => void;
  readonly onView: (view: NewBuildView) => void;
}

/** The new-build machine, started; loaded with XState after hydration (see NewBuildNotice). */
export function startNewBuildCheck(settings: NewBuildCheckSettings) {
  const actor = createActor(
    newBuildMachine.provide({
      actors: { fetchLatestBuildId: fromPromise(() => settings.latestBuildId()) },
      actions: { reload: (_, { at }) => settings.reload(at) },
    }),
    {
      input: {
        currentBuildId: settings.currentBuildId,
        slowConnection: settings.slowConnection,
        lastReloadAt: settings.lastReloadAt,
        now: Date.now,
        intervalMs: settings.intervalMs,
      },
    },
  );
  actor.subscribe((snapshot) => settings.onView(newBuildView(snapshot)));
  actor.start();
  return actor;
}
