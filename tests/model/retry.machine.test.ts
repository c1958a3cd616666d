import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import { retryMachine } from "../../core/domain/retry/retry.machine";
import {
  CONTENT_RETRY,
  HTTP_RETRY,
  STORAGE_UPLOAD_RETRY,
  type AttemptFailure,
  type RetryPolicy,
} from "../../core/domain/retry/retry.policy";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { allStates, doneEvent, errorEvent, reachedStates, replay, shortestPaths, transientStates } from "./support";

const RANDOM = 0.5;
const EVENTS: AnyEventObject[] = [
  { type: "CANCEL" },
  { type: doneEvent(retryMachine, "retry.attempting"), output: "ok" },
  { type: errorEvent(retryMachine, "retry.attempting"), error: { status: 503 } },
  { type: errorEvent(retryMachine, "retry.attempting"), error: { status: 404 } },
];
// The model's clock stands still; HTTP_RETRY's three waits (under 3 s) never approach its 30 s deadline.
const paths = shortestPaths(retryMachine, { input: { policy: HTTP_RETRY, now: () => 0, random: () => RANDOM }, events: EVENTS });

function harness(inspect: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const attempts: Array<Deferred<unknown>> = [];
  const machine = retryMachine.provide({
    actors: {
      attempt: fromPromise<unknown, { retry: number }>(() => {
        const attempt = deferred<unknown>();
        attempts.push(attempt);
        return attempt.promise;
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    inspect,
    input: { policy: HTTP_RETRY, now: () => clock.now(), random: () => RANDOM },
  }).start();
  return {
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (event.type === "CANCEL") actor.send({ type: "CANCEL" });
      else if (event.type.startsWith("xstate.done.actor.")) attempts.at(-1)?.resolve(event.output);
      else if (event.type.startsWith("xstate.error.actor.")) attempts.at(-1)?.reject(event.error);
      else if (event.type.startsWith("xstate.after.")) {
        const { decision } = actor.getSnapshot().context;
        clock.increment(decision.kind === "retry" ? decision.delayMs : Number.NaN);
      } else throw new Error(`unexpected model event ${event.type}`);
      await flush();
    },
  };
}

describe("retry machine model", () => {
  it("reaches every final outcome, and passes through the transient decision", async () => {
    expect(transientStates(retryMachine)).toEqual(["deciding"]);
    expect(reachedStates(paths)).toEqual(allStates(retryMachine).filter((state) => state !== "deciding"));

    const visited = new Set<string>();
    for (const path of paths) for (const state of await replay(path, harness, () => {})) visited.add(state);
    expect([...visited].sort()).toEqual(allStates(retryMachine));
  });

  it("behaves like its model on a simulated clock along every shortest path", async () => {
    for (const path of paths) {
      await replay(path, harness, (real, model) => {
        expect(real.value).toEqual(model.value);
        expect(real.status).toBe(model.status);
        const { retries, decision, lastFailure, value, outcome } = real.context;
        expect({ retries, decision, lastFailure, value, outcome }).toEqual({
          retries: model.context.retries,
          decision: model.context.decision,
          lastFailure: model.context.lastFailure,
          value: model.context.value,
          outcome: model.context.outcome,
        });
        expect(real.output).toEqual(model.output);
      });
    }
  });
});

/** Runs `policy` against an attempt that always fails with `failure` and returns when each attempt started. */
async function attemptTimes(policy: RetryPolicy, failure: AttemptFailure, random: number) {
  const clock = new SimulatedClock();
  const startedAt: number[] = [];
  const machine = retryMachine.provide({
    actors: {
      attempt: fromPromise<unknown, { retry: number }>(async () => {
        startedAt.push(clock.now());
        throw failure;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { policy, now: () => clock.now(), random: () => random } }).start();
  await flush();
  while (actor.getSnapshot().value === "waiting") {
    const { decision, retries } = actor.getSnapshot().context;
    if (decision.kind !== "retry") throw new Error("waiting without a retry decision");
    // The next attempt starts exactly when the wait ends, not a millisecond before.
    clock.increment(decision.delayMs - 1);
    expect(startedAt).toHaveLength(retries + 1);
    clock.increment(1);
    expect(startedAt).toHaveLength(retries + 2);
    await flush();
  }
  return { startedAt, output: actor.getSnapshot().output };
}

const waitsBetween = (times: readonly number[]) => times.slice(1).map((time, i) => time - (times[i] ?? 0));

describe("retry waits on a simulated clock", () => {
  for (const random of [0, 0.5, 0.999]) {
    it(`HTTP waits its policy's delays, three times (random ${random})`, async () => {
      const { startedAt, output } = await attemptTimes(HTTP_RETRY, { status: 503 }, random);
      expect(waitsBetween(startedAt)).toEqual([0, 1, 2].map((retry) => HTTP_RETRY.delayMs(retry, random)));
      expect(output).toMatchObject({ outcome: "retry-limit-exceeded", retries: 3 });
    });

    it(`storage waits double up to the 10-minute deadline (random ${random})`, async () => {
      const { startedAt, output } = await attemptTimes(STORAGE_UPLOAD_RETRY, { code: "storage/unknown" }, random);
      const waits = waitsBetween(startedAt);
      expect(waits).toEqual(waits.map((_, retry) => STORAGE_UPLOAD_RETRY.delayMs(retry, random)));
      const total = waits.reduce((sum, wait) => sum + wait, 0);
      expect(total).toBeLessThanOrEqual(STORAGE_UPLOAD_RETRY.deadlineMs);
      // It stopped because the next wait would have crossed the deadline.
      expect(total + STORAGE_UPLOAD_RETRY.delayMs(waits.length, random)).toBeGreaterThan(STORAGE_UPLOAD_RETRY.deadlineMs);
      expect(output).toMatchObject({ outcome: "retry-limit-exceeded", retries: waits.length });
    });
  }

  it("uploads keep retrying at 64 s (plus jitter) until 10 minutes", async () => {
    const { startedAt } = await attemptTimes(STORAGE_UPLOAD_RETRY, { code: "storage/retry-limit-exceeded" }, 0.25);
    const waits = waitsBetween(startedAt);
    expect(waits.slice(0, 7)).toEqual([1250, 2250, 4250, 8250, 16_250, 32_250, 64_250]);
    expect(waits.slice(7).every((wait) => wait === 64_250)).toBe(true);
    expect(startedAt.at(-1)).toBeLessThanOrEqual(STORAGE_UPLOAD_RETRY.deadlineMs);
    expect(startedAt.at(-1)).toBeGreaterThan(STORAGE_UPLOAD_RETRY.deadlineMs - 64_250);
  });

  it("content waits 300 ms, ten times, on 429", async () => {
    const { startedAt, output } = await attemptTimes(CONTENT_RETRY, { status: 429 }, 0.7);
    expect(waitsBetween(startedAt)).toEqual(Array.from({ length: 10 }, () => 300));
    expect(output).toMatchObject({ outcome: "retry-limit-exceeded", retries: 10 });
  });

  it("honours a longer Retry-After", async () => {
    const { startedAt } = await attemptTimes(CONTENT_RETRY, { status: 429, retryAfterMs: 2000 }, 0);
    expect(waitsBetween(startedAt)).toEqual(Array.from({ length: 10 }, () => 2000));
  });

  it("does not wait at all for a failure it does not retry", async () => {
    const { startedAt, output } = await attemptTimes(CONTENT_RETRY, { status: 500 }, 0);
    expect(startedAt).toEqual([0]);
    expect(output).toMatchObject({ outcome: "failed", retries: 0, failure: { status: 500 } });
  });
});
