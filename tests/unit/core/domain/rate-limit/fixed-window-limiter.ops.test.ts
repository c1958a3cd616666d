import { describe, expect, it } from "vitest";
import { createFixedWindowRateLimiter } from "../../../../../core/domain/rate-limit/fixed-window-limiter.ops";

describe("createFixedWindowRateLimiter", () => {
  it("allows the limit per key and window, then says when to retry", () => {
    let now = 10_000;
    const limiter = createFixedWindowRateLimiter({ limit: 2, now: () => now });
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 1 });
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
    now = 10_999;
    expect(limiter.take("a").allowed).toBe(false);
    now = 11_000;
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
  });

  it("rounds Retry-After up to whole seconds of longer windows", () => {
    let now = 0;
    const limiter = createFixedWindowRateLimiter({ limit: 1, windowMs: 5000, now: () => now });
    limiter.take("a");
    now = 1200;
    expect(limiter.take("a")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 4 });
  });

  it("forgets the keys of past windows, so many distinct keys do not pile up", () => {
    let time = 0;
    const limiter = createFixedWindowRateLimiter({ limit: 1, windowMs: 1000, now: () => time });
    for (let key = 0; key < 1000; key++) limiter.take(`client-${key}`);
    time = 1000;
    expect(limiter.take("client-0").allowed).toBe(true);
    expect(limiter.trackedKeys()).toBe(1);
  });
});
