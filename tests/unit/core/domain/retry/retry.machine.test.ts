import { SimulatedClock, createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { retryMachine } from "../../../../../core/domain/retry/retry.machine";
import { HTTP_RETRY, STORAGE_UPLOAD_RETRY, type RetryPolicy } from "../../../../../core/domain/retry/retry.policy";
import { flush } from "../../../support/async";

type Step = { fail: unknown } | { value: unknown } | "hang";

/** Runs the machine on a simulated clock; attempt number n plays `script[n]` (the last entry repeats). */
function startRetry(policy: RetryPolicy, script: Step[], random = 0.5) {
  const clock = new SimulatedClock();
  const attempts: Array<{ retry: number; at: number }> = [];
  const machine = retryMachine.provide({
    actors: {
      attempt: fromPromise<unknown, { retry: number }>(({ input }) => {
        attempts.push({ retry: input.retry, at: clock.now() });
        const step = script[Math.min(attempts.length - 1, script.length - 1)];
        if (step === undefined || step === "hang") return new Promise(() => {});
        return "fail" in step ? Promise.reject(step.fail) : Promise.resolve(step.value);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { policy, now: () => clock.now(), random: () => random } }).start();
  return { clock, actor, attempts };
}

describe("retry machine", () => {
  it("succeeds at once without waiting", async () => {
    const { actor, attempts } = startRetry(HTTP_RETRY, [{ value: 42 }]);
    await flush();
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ outcome: "success", value: 42, failure: undefined, retries: 0 });
    expect(attempts).toEqual([{ retry: 0, at: 0 }]);
  });

  it("succeeds after retries, passing each attempt its retry number", async () => {
    const { actor, clock, attempts } = startRetry(HTTP_RETRY, [{ fail: { status: 503 } }, { fail: { status: 429 } }, { value: "ok" }]);
    await flush();
    expect(actor.getSnapshot().value).toBe("waiting");
    clock.increment(375);
    await flush();
    clock.increment(750);
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ outcome: "success", value: "ok", retries: 2 });
    expect(attempts.map((attempt) => attempt.retry)).toEqual([0, 1, 2]);
  });

  it("waits exactly the policy's delay between attempts", async () => {
    const { clock, attempts } = startRetry(HTTP_RETRY, [{ fail: { status: 500 } }, { value: 1 }]);
    await flush();
    clock.increment(374);
    await flush();
    expect(attempts).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(attempts).toEqual([
      { retry: 0, at: 0 },
      { retry: 1, at: 375 },
    ]);
  });

  it("fails at once for a failure the policy does not retry", async () => {
    const { actor, attempts } = startRetry(HTTP_RETRY, [{ fail: Object.assign(new Error("Not Found"), { status: 404 }) }]);
    await flush();
    expect(actor.getSnapshot().output).toEqual({
      outcome: "failed",
      value: undefined,
      failure: { status: 404, message: "Not Found" },
      retries: 0,
    });
    expect(attempts).toHaveLength(1);
  });

  it("ends in retry-limit-exceeded after maxRetries retries", async () => {
    const { actor, clock, attempts } = startRetry(HTTP_RETRY, [{ fail: { status: 502 } }]);
    for (let i = 0; i < 4; i++) {
      await flush();
      clock.increment(10_000);
    }
    await flush();
    expect(actor.getSnapshot().output).toEqual({
      outcome: "retry-limit-exceeded",
      value: undefined,
      failure: { status: 502 },
      retries: 3,
    });
    expect(attempts).toHaveLength(1 + HTTP_RETRY.maxRetries);
  });

  it("ends in retry-limit-exceeded when the next wait would cross the deadline", async () => {
    // Storage's waits under a 2-minute deadline, random 0.5: 1.5, 2.5, 4.5, 8.5, 16.5, 32.5 s (66 s in all); the next, 64.5 s, would end past 120 s.
    const { actor, clock, attempts } = startRetry({ ...STORAGE_UPLOAD_RETRY, deadlineMs: 120_000 }, [{ fail: { code: "storage/unknown" } }]);
    await flush();
    while (actor.getSnapshot().value === "waiting") {
      const { decision } = actor.getSnapshot().context;
      clock.increment(decision.kind === "retry" ? decision.delayMs : 0);
      await flush();
    }
    expect(actor.getSnapshot().output).toMatchObject({ outcome: "retry-limit-exceeded", retries: 6 });
    expect(attempts.map((attempt) => attempt.at)).toEqual([0, 1500, 4000, 8500, 17_000, 33_500, 66_000]);
  });

  it("is canceled by CANCEL while waiting, and attempts no more", async () => {
    const { actor, clock, attempts } = startRetry(HTTP_RETRY, [{ fail: { status: 503 } }]);
    await flush();
    actor.send({ type: "CANCEL" });
    clock.increment(60_000);
    await flush();
    expect(actor.getSnapshot().output).toEqual({ outcome: "canceled", value: undefined, failure: { status: 503 }, retries: 0 });
    expect(attempts).toHaveLength(1);
  });

  it("is canceled by CANCEL during an attempt, ignoring its late result", async () => {
    const { actor } = startRetry(HTTP_RETRY, ["hang"]);
    actor.send({ type: "CANCEL" });
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ outcome: "canceled", retries: 0 });
  });

  it("measures the deadline with the clock it is given", async () => {
    // A policy whose single retry fits only if no time has passed: the attempt itself takes 90 ms.
    const policy: RetryPolicy = { name: "t", maxRetries: 5, deadlineMs: 100, isRetryable: () => true, delayMs: () => 20 };
    const clock = new SimulatedClock();
    const machine = retryMachine.provide({
      actors: {
        attempt: fromPromise<unknown, { retry: number }>(async () => {
          clock.increment(90);
          throw new Error("slow failure");
        }),
      },
    });
    const actor = createActor(machine, { clock, input: { policy, now: () => clock.now(), random: () => 0 } }).start();
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ outcome: "retry-limit-exceeded", retries: 0 });
  });
});
