import { createActor, fromPromise, toPromise } from "xstate";
import { retryMachine, type RetryOutput } from "./retry.machine";
import type { RetryPolicy } from "./retry.policy";

export interface RunWithRetryOptions {
  readonly now?: () => number;
  readonly random?: () => number;
  readonly signal?: AbortSignal;
}

/** Runs `attempt` under `policy` with the retry machine and resolves with how it ended. */
export function runWithRetry<T>(
  policy: RetryPolicy,
  attempt: (retry: number) => Promise<T>,
  options: RunWithRetryOptions = {},
): Promise<RetryOutput & { value: T | undefined }> {
  // Canceled before it began: no attempt is made at all.
  if (options.signal?.aborted) return Promise.resolve({ outcome: "canceled", value: undefined, failure: undefined, retries: 0 });
  const actor = createActor(
    retryMachine.provide({ actors: { attempt: fromPromise(({ input }) => attempt(input.retry)) } }),
    { input: { policy, now: options.now ?? Date.now, random: options.random ?? Math.random } },
  );
  const cancel = () => actor.send({ type: "CANCEL" });
  options.signal?.addEventListener("abort", cancel, { once: true });
  actor.start();
  const done = toPromise(actor) as Promise<RetryOutput & { value: T | undefined }>;
  return done.finally(() => options.signal?.removeEventListener("abort", cancel));
}
