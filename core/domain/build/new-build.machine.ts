import { assign, fromPromise, setup } from "xstate";
import { NEW_BUILD_CHECK, mayReload } from "./new-build.settings";

export interface NewBuildInput {
  /** The build the page was rendered by. */
  readonly currentBuildId: string;
  /** No polling on very slow connections (SPEC §7). */
  readonly slowConnection: boolean;
  /** When this tab last reloaded for a chunk failure (kept across reloads by the host). */
  readonly lastReloadAt: number | undefined;
  readonly now: () => number;
  readonly intervalMs?: number;
}

interface NewBuildContext extends NewBuildInput {
  readonly latestBuildId: string | undefined;
  readonly pendingChunkFailure: boolean;
}

export type NewBuildEvent = { type: "CHUNK_LOAD_FAILED" } | { type: "CHECK" };

/**
 * SPEC §2: the app checks for a newer build (first 1 s after load, then on an interval); after a
 * chunk-loading failure caused by a new build it reloads, at most once per 10 s.
 * `fetchLatestBuildId` and `reload` are provided by the host.
 */
export const newBuildMachine = setup({
  types: {
    context: {} as NewBuildContext,
    input: {} as NewBuildInput,
    events: {} as NewBuildEvent,
  },
  actors: {
    fetchLatestBuildId: fromPromise<string>(async () => {
      throw new Error("fetchLatestBuildId must be provided");
    }),
  },
  actions: {
    reload: (_, _params: { at: number }) => {},
  },
  delays: {
    firstCheck: NEW_BUILD_CHECK.firstCheckDelayMs,
    interval: ({ context }) => context.intervalMs ?? NEW_BUILD_CHECK.intervalMs,
  },
  guards: {
    slowConnection: ({ context }) => context.slowConnection,
    isNewBuild: ({ context, event }) =>
      "output" in event && typeof event.output === "string" && event.output !== context.currentBuildId,
    chunkFailurePending: ({ context }) => context.pendingChunkFailure,
    reloadAllowed: ({ context }) => mayReload(context.lastReloadAt, context.now()),
  },
}).createMachine({
  id: "newBuild",
  context: ({ input }) => ({ ...input, latestBuildId: undefined, pendingChunkFailure: false }),
  initial: "starting",
  on: {
    CHUNK_LOAD_FAILED: { target: ".checking", actions: assign({ pendingChunkFailure: true }) },
  },
  states: {
    starting: {
      always: { guard: "slowConnection", target: "idle" },
      after: { firstCheck: "checking" },
    },
    /** Not polling; a chunk failure still triggers a check. */
    idle: {
      on: { CHECK: "checking" },
    },
    checking: {
      invoke: {
        src: "fetchLatestBuildId",
        onDone: [
          {
            guard: "isNewBuild",
            target: "outdated",
            actions: assign({ latestBuildId: ({ event }) => event.output }),
          },
          { target: "current", actions: assign({ pendingChunkFailure: false }) },
        ],
        onError: { target: "current", actions: assign({ pendingChunkFailure: false }) },
      },
    },
    current: {
      always: { guard: "slowConnection", target: "idle" },
      after: { interval: "checking" },
      on: { CHECK: "checking" },
    },
    outdated: {
      always: { guard: "chunkFailurePending", target: "reloading" },
      on: { CHECK: "checking" },
    },
    reloading: {
      always: [
        {
          guard: "reloadAllowed",
          target: "reloaded",
          actions: { type: "reload", params: ({ context }) => ({ at: context.now() }) },
        },
        { target: "reloadBlocked" },
      ],
    },
    reloaded: { type: "final" },
    /** A reload happened less than 10 s ago: stay, so a broken deploy cannot loop. */
    reloadBlocked: {
      entry: assign({ pendingChunkFailure: false }),
      on: { CHECK: "checking" },
    },
  },
});
