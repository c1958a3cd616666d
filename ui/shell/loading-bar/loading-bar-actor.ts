import { createActor } from "xstate";
import { loadingBarMachine, loadingBarView, type LoadingBarView } from "../../../core";

/** The loading-bar machine, started; loaded with XState on the first page transition (see navigation-progress). */
export function startLoadingBar(onView: (view: LoadingBarView) => void) {
  const actor = createActor(loadingBarMachine);
  actor.subscribe((snapshot) => onView(loadingBarView(snapshot)));
  actor.start();
  return actor;
}
