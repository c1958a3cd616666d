import { describe, expect, it } from "vitest";
import { HTTP_RETRY, type RetryPolicy } from "../../../../../core/domain/retry/retry.policy";
import { runWithRetry } from "../../../../../core/domain/retry/run-with-retry.ops";

// Real timers here: a policy with 1 ms waits keeps the tests fast.
const QUICK: RetryPolicy = {
  name: "quick",
  maxRetries: 2,
  deadlineMs: 10_000,
  isRetryable: (failure) => failure.status === 503,
  delayMs: () => 1,
};

const unavailable = () => Object.assign(new Error("unavailable"), { status: 503 });

describe("runWithRetry", () => {
  it("resolves with the value after retries", async () => {
    const retries: number[] = [];
    const result = await runWithRetry(QUICK, async (retry) => {
      retries.push(retry);
      if (retry < 2) throw unavailable();
      return { id: 7 };
    });
    expect(result).toMatchObject({ outcome: "success", value: { id: 7 }, retries: 2 });
    expect(retries).toEqual([0, 1, 2]);
  });

  it("resolves as failed for a failure the policy does not retry", async () => {
    let calls = 0;
    const result = await runWithRetry(QUICK, async () => {
      calls++;
      throw Object.assign(new Error("bad request"), { status: 400 });
    });
    expect(result).toEqual({ outcome: "failed", value: undefined, failure: { status: 400, message: "bad request" }, retries: 0 });
    expect(calls).toBe(1);
  });

  it("resolves as retry-limit-exceeded after the last retry fails", async () => {
    let calls = 0;
    const result = await runWithRetry(QUICK, async () => {
      calls++;
      throw unavailable();
    });
    expect(result).toMatchObject({ outcome: "retry-limit-exceeded", retries: 2, failure: { status: 503 } });
    expect(calls).toBe(3);
  });

  it("uses the given clock and randomness", async () => {
    const waits: number[] = [];
    const policy: RetryPolicy = {
      ...QUICK,
      deadlineMs: 1000,
      delayMs: (retry, random) => {
        waits.push(random);
        return retry;
      },
    };
    let now = 0;
    const result = await runWithRetry(
      policy,
      async () => {
        now += 600; // each attempt "takes" 600 ms of the caller's clock
        throw unavailable();
      },
      { now: () => now, random: () => 0.25 },
    );
    // 600 ms after the first attempt a 0 ms wait fits; at 1200 ms the deadline is gone.
    expect(result).toMatchObject({ outcome: "retry-limit-exceeded", retries: 1 });
    expect(waits).toEqual([0.25, 0.25]);
  });

  it("resolves as canceled when the signal aborts during a wait", async () => {
    const controller = new AbortController();
    let calls = 0;
    const slow: RetryPolicy = { ...QUICK, deadlineMs: 600_000, delayMs: () => 60_000 };
    const pending = runWithRetry(
      slow,
      async () => {
        calls++;
        setTimeout(() => controller.abort(), 5);
        throw unavailable();
      },
      { signal: controller.signal },
    );
    await expect(pending).resolves.toMatchObject({ outcome: "canceled", retries: 0 });
    expect(calls).toBe(1);
  });

  it("resolves as canceled when the signal aborts during an attempt", async () => {
    const controller = new AbortController();
    const pending = runWithRetry(HTTP_RETRY, () => new Promise<string>(() => {}), { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toMatchObject({ outcome: "canceled", value: undefined });
  });

  // Core bug: the abort listener is added to a signal that has already fired, so it never runs.
  it("resolves as canceled when the signal was aborted before the call", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runWithRetry(HTTP_RETRY, async () => "sent anyway", { signal: controller.signal });
    expect(result.outcome).toBe("canceled");
    expect(result.value).toBeUndefined();
  });
});
