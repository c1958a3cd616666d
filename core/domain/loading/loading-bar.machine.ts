import { assign, setup } from "xstate";
import { LOADING_BAR, estimatedProgress } from "./loading-bar.settings";

interface LoadingBarContext {
  readonly elapsedMs: number;
  readonly progress: number;
  readonly error: boolean;
}

export type LoadingBarEvent = { type: "START" } | { type: "FINISH" } | { type: "ERROR" };

const idle: LoadingBarContext = { elapsedMs: 0, progress: 0, error: false };

/** SPEC §2/§4: starts, progress rises toward 100, finishes, hides after a delay, then resets. */
export const loadingBarMachine = setup({
  types: { context: {} as LoadingBarContext, events: {} as LoadingBarEvent },
  delays: {
    throttle: LOADING_BAR.throttleMs,
    tick: LOADING_BAR.tickMs,
    hideDelay: LOADING_BAR.hideDelayMs,
    resetDelay: LOADING_BAR.resetDelayMs,
  },
  actions: {
    reset: assign(() => idle),
    advance: assign(({ context }) => {
      const elapsedMs = context.elapsedMs + LOADING_BAR.tickMs;
      return { elapsedMs, progress: estimatedProgress(elapsedMs) };
    }),
    complete: assign({ progress: 100 }),
    markError: assign({ error: true }),
  },
}).createMachine({
  id: "loadingBar",
  context: idle,
  initial: "hidden",
  states: {
    hidden: {
      on: { START: { target: "pending", actions: "reset" } },
    },
    pending: {
      after: { throttle: "visible" },
      on: {
        FINISH: { target: "hidden", actions: "reset" },
        ERROR: { target: "finishing", actions: "markError" },
      },
    },
    visible: {
      after: { tick: { target: "visible", reenter: true, actions: "advance" } },
      on: {
        FINISH: "finishing",
        ERROR: { target: "finishing", actions: "markError" },
      },
    },
    finishing: {
      entry: "complete",
      after: { hideDelay: "hiding" },
      on: { START: { target: "pending", actions: "reset" } },
    },
    hiding: {
      after: { resetDelay: { target: "hidden", actions: "reset" } },
      on: { START: { target: "pending", actions: "reset" } },
    },
  },
});
