import { assign, fromPromise, setup } from "xstate";
import { asAttemptFailure, decideRetry, type AttemptFailure, type RetryDecision, type RetryPolicy } from "./retry.policy";

export interface RetryInput {
  readonly policy: RetryPolicy;
  /** The clock that measures the deadline (tests pass a simulated one). */
  readonly now: () => number;
  /** Source of jitter, in [0, 1). */
  readonly random: () => number;
}

interface RetryContext extends RetryInput {
  readonly startedAt: number;
  readonly retries: number;
  readonly decision: RetryDecision;
  readonly lastFailure: AttemptFailure | undefined;
  readonly value: unknown;
  readonly outcome: RetryOutcome | undefined;
}

export type RetryOutcome = "success" | "failed" | "canceled" | "retry-limit-exceeded";

export interface RetryOutput {
  readonly outcome: RetryOutcome;
  readonly value: unknown;
  readonly failure: AttemptFailure | undefined;
  readonly retries: number;
}

/**
 * SPEC §4: an operation retried with backoff that ends in success, canceled or
 * retry-limit-exceeded (or failed, for a failure its policy does not retry).
 * The `attempt` actor is provided by the caller.
 */
export const retryMachine = setup({
  types: {
    context: {} as RetryContext,
    input: {} as RetryInput,
    events: {} as { type: "CANCEL" },
    output: {} as RetryOutput,
  },
  actors: {
    attempt: fromPromise<unknown, { retry: number }>(async () => {
      throw new Error("attempt must be provided");
    }),
  },
  delays: {
    backoff: ({ context }) => (context.decision.kind === "retry" ? context.decision.delayMs : 0),
  },
  guards: {
    shouldRetry: ({ context }) => context.decision.kind === "retry",
    limitExceeded: ({ context }) => context.decision.kind === "limit-exceeded",
  },
  actions: {
    settle: assign((_, params: { outcome: RetryOutcome }) => ({ outcome: params.outcome })),
  },
}).createMachine({
  id: "retry",
  context: ({ input }) => ({
    ...input,
    startedAt: input.now(),
    retries: 0,
    decision: { kind: "give-up" },
    lastFailure: undefined,
    value: undefined,
    outcome: undefined,
  }),
  initial: "attempting",
  states: {
    attempting: {
      invoke: {
        src: "attempt",
        input: ({ context }) => ({ retry: context.retries }),
        onDone: { target: "succeeded", actions: assign({ value: ({ event }) => event.output }) },
        onError: {
          target: "deciding",
          actions: assign(({ context, event }) => {
            const failure = asAttemptFailure(event.error);
            return {
              lastFailure: failure,
              decision: decideRetry(context.policy, failure, context.retries, context.now() - context.startedAt, context.random()),
            };
          }),
        },
      },
      on: { CANCEL: "canceled" },
    },
    deciding: {
      always: [
        { guard: "shouldRetry", target: "waiting" },
        { guard: "limitExceeded", target: "retryLimitExceeded" },
        { target: "failed" },
      ],
    },
    waiting: {
      after: { backoff: { target: "attempting", actions: assign({ retries: ({ context }) => context.retries + 1 }) } },
      on: { CANCEL: "canceled" },
    },
    succeeded: { type: "final", entry: { type: "settle", params: { outcome: "success" } } },
    failed: { type: "final", entry: { type: "settle", params: { outcome: "failed" } } },
    canceled: { type: "final", entry: { type: "settle", params: { outcome: "canceled" } } },
    retryLimitExceeded: { type: "final", entry: { type: "settle", params: { outcome: "retry-limit-exceeded" } } },
  },
  output: ({ context }) => ({
    outcome: context.outcome ?? "failed",
    value: context.value,
    failure: context.lastFailure,
    retries: context.retries,
  }),
});
