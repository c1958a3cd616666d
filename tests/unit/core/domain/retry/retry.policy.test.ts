import { describe, expect, it } from "vitest";
import {
  asAttemptFailure,
  CONTENT_RETRY,
  decideRetry,
  HTTP_RETRY,
  isRetryableStatus,
  STORAGE_UPLOAD_RETRY,
  type RetryPolicy,
} from "../../../../../core/domain/retry/retry.policy";

describe("isRetryableStatus (SPEC §7)", () => {
  it("retries server errors, timeouts, rate limits and network failures", () => {
    for (const status of [500, 502, 503, 504, 599, 408, 429]) expect(isRetryableStatus(status)).toBe(true);
    expect(isRetryableStatus(undefined)).toBe(true);
  });

  it("does not retry client errors or successes", () => {
    for (const status of [200, 301, 400, 401, 403, 404, 409, 422]) expect(isRetryableStatus(status)).toBe(false);
  });
});

describe("asAttemptFailure", () => {
  it("keeps the fields a policy reads and drops mistyped ones", () => {
    expect(asAttemptFailure({ status: 503, code: "x", retryAfterMs: 1000, message: "m", extra: 1 })).toEqual({
      status: 503,
      code: "x",
      retryAfterMs: 1000,
      message: "m",
    });
    expect(asAttemptFailure({ status: "503", code: 7, retryAfterMs: "1" })).toEqual({});
  });

  it("reads an Error's message and status", () => {
    const error = Object.assign(new Error("Service Unavailable"), { status: 503 });
    expect(asAttemptFailure(error)).toEqual({ status: 503, message: "Service Unavailable" });
  });

  it("turns thrown non-objects into a message (a network failure: no status)", () => {
    expect(asAttemptFailure("boom")).toEqual({ message: "boom" });
    expect(asAttemptFailure(null)).toEqual({ message: "null" });
    expect(HTTP_RETRY.isRetryable(asAttemptFailure(new TypeError("Failed to fetch")))).toBe(true);
  });
});

describe("HTTP_RETRY", () => {
  it("retries 5xx, 408, 429 and the network, not 400 or 404", () => {
    expect(HTTP_RETRY.isRetryable({ status: 503 })).toBe(true);
    expect(HTTP_RETRY.isRetryable({ status: 408 })).toBe(true);
    expect(HTTP_RETRY.isRetryable({ status: 429 })).toBe(true);
    expect(HTTP_RETRY.isRetryable({})).toBe(true);
    expect(HTTP_RETRY.isRetryable({ status: 400 })).toBe(false);
    expect(HTTP_RETRY.isRetryable({ status: 404 })).toBe(false);
  });

  it("allows three retries", () => {
    expect(HTTP_RETRY.maxRetries).toBe(3);
  });

  it("doubles from 300 ms with up to 50 % jitter, capped at 5 s before jitter", () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => HTTP_RETRY.delayMs(retry, 0))).toEqual([300, 600, 1200, 2400, 4800, 5000]);
    expect(HTTP_RETRY.delayMs(0, 0.5)).toBe(375);
    expect(HTTP_RETRY.delayMs(20, 0.999)).toBeLessThan(7500);
    expect(HTTP_RETRY.delayMs(20, 0.999)).toBeGreaterThanOrEqual(5000);
  });
});

describe("CONTENT_RETRY (SPEC §8/§9)", () => {
  it("retries only 429", () => {
    expect(CONTENT_RETRY.isRetryable({ status: 429 })).toBe(true);
    for (const status of [500, 503, 408, 404, undefined]) expect(CONTENT_RETRY.isRetryable({ status })).toBe(false);
  });

  it("waits 300 ms every time, up to 10 times", () => {
    expect(CONTENT_RETRY.maxRetries).toBe(10);
    for (let retry = 0; retry < 10; retry++) expect(CONTENT_RETRY.delayMs(retry, Math.random())).toBe(300);
    expect(decideRetry(CONTENT_RETRY, { status: 429 }, 9, 2700, 0)).toEqual({ kind: "retry", delayMs: 300 });
    expect(decideRetry(CONTENT_RETRY, { status: 429 }, 10, 3000, 0)).toEqual({ kind: "limit-exceeded" });
  });
});

describe("the storage upload policy (SPEC §9)", () => {
  it("double from 1 s up to 64 s, plus under 1 s of jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 30].map((retry) => STORAGE_UPLOAD_RETRY.delayMs(retry, 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 64_000, 64_000,
    ]);
    expect(STORAGE_UPLOAD_RETRY.delayMs(0, 0.5)).toBe(1500);
    expect(STORAGE_UPLOAD_RETRY.delayMs(6, 0.9999)).toBe(64_999);
  });

  it("gives up after 10 minutes", () => {
    expect(STORAGE_UPLOAD_RETRY.deadlineMs).toBe(600_000);
    expect(STORAGE_UPLOAD_RETRY.maxRetries).toBe(Number.POSITIVE_INFINITY);
  });

  it("retry the transient storage codes only", () => {
    for (const code of ["storage/retry-limit-exceeded", "storage/unknown", "storage/internal-error"]) {
      expect(STORAGE_UPLOAD_RETRY.isRetryable({ code })).toBe(true);
    }
    for (const code of ["storage/canceled", "storage/unauthorized", "storage/object-not-found", "storage/quota-exceeded"]) {
      expect(STORAGE_UPLOAD_RETRY.isRetryable({ code })).toBe(false);
    }
    // A code decides, whatever the status says.
    expect(STORAGE_UPLOAD_RETRY.isRetryable({ code: "storage/unauthorized", status: 503 })).toBe(false);
  });

  it("fall back to the HTTP statuses when there is no code", () => {
    expect(STORAGE_UPLOAD_RETRY.isRetryable({ status: 503 })).toBe(true);
    expect(STORAGE_UPLOAD_RETRY.isRetryable({})).toBe(true);
    expect(STORAGE_UPLOAD_RETRY.isRetryable({ status: 403 })).toBe(false);
  });
});

describe("decideRetry", () => {
  it("gives up on a failure the policy does not retry, whatever the budget", () => {
    expect(decideRetry(HTTP_RETRY, { status: 404 }, 0, 0, 0)).toEqual({ kind: "give-up" });
  });

  it("retries with the policy's delay while under the limits", () => {
    expect(decideRetry(HTTP_RETRY, { status: 503 }, 1, 1000, 0.5)).toEqual({ kind: "retry", delayMs: 750 });
  });

  it("reports the limit once maxRetries retries have happened", () => {
    expect(decideRetry(HTTP_RETRY, { status: 503 }, 2, 0, 0)).toMatchObject({ kind: "retry" });
    expect(decideRetry(HTTP_RETRY, { status: 503 }, 3, 0, 0)).toEqual({ kind: "limit-exceeded" });
  });

  it("does not start a wait that would cross the deadline", () => {
    // 1 s + 0.5 s jitter from 598.5 s lands exactly on the 10-minute deadline: allowed.
    expect(decideRetry(STORAGE_UPLOAD_RETRY, { code: "storage/unknown" }, 0, 598_500, 0.5)).toEqual({ kind: "retry", delayMs: 1500 });
    expect(decideRetry(STORAGE_UPLOAD_RETRY, { code: "storage/unknown" }, 0, 598_501, 0.5)).toEqual({ kind: "limit-exceeded" });
    expect(decideRetry(STORAGE_UPLOAD_RETRY, { code: "storage/unknown" }, 0, 610_000, 0)).toEqual({ kind: "limit-exceeded" });
  });

  it("honours a Retry-After longer than its own wait, but not a shorter one", () => {
    expect(decideRetry(CONTENT_RETRY, { status: 429, retryAfterMs: 2000 }, 0, 0, 0)).toEqual({ kind: "retry", delayMs: 2000 });
    expect(decideRetry(CONTENT_RETRY, { status: 429, retryAfterMs: 100 }, 0, 0, 0)).toEqual({ kind: "retry", delayMs: 300 });
  });

  it("lets a Retry-After beyond the deadline end the operation", () => {
    expect(decideRetry(CONTENT_RETRY, { status: 429, retryAfterMs: 61_000 }, 0, 0, 0)).toEqual({ kind: "limit-exceeded" });
  });

  it("uses whatever policy it is given", () => {
    const fixed: RetryPolicy = { name: "t", maxRetries: 1, deadlineMs: 100, isRetryable: () => true, delayMs: (retry) => 10 * (retry + 1) };
    expect(decideRetry(fixed, {}, 0, 0, 0)).toEqual({ kind: "retry", delayMs: 10 });
    expect(decideRetry(fixed, {}, 1, 0, 0)).toEqual({ kind: "limit-exceeded" });
  });
});
