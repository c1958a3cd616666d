import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimiters } from "../../core";

export interface RateLimitersFixture {
  /** Limiters reading the clock the test moves. */
  readonly limiters: RateLimiters;
  /** Sets that clock (milliseconds since the epoch). */
  setNow(time: number): void;
  close(): Promise<void>;
}

/** What every RateLimiters adapter does: fixed windows per limiter and key, with Retry-After. */
export function rateLimitersContract(name: string, makeFixture: () => Promise<RateLimitersFixture>): void {
  describe(`${name} fulfils the rate limiters contract`, () => {
    let fixture: RateLimitersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    // Each test its own limiter names, so that the runs of one fixture do not add up.
    const named = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

    it("allows the limit per key and window, then says when to retry", () => {
      fixture.setNow(10_000);
      const limiter = fixture.limiters.limiter(named("sign-in"), { limit: 2 });
      expect(limiter.limit).toBe(2);
      expect(limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
      expect(limiter.take("a")).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 1 });
      expect(limiter.take("a")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
      expect(limiter.take("b").allowed).toBe(true);
      fixture.setNow(10_999);
      expect(limiter.take("a").allowed).toBe(false);
      fixture.setNow(11_000);
      expect(limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
    });

    it("rounds Retry-After up to whole seconds of longer windows", () => {
      fixture.setNow(0);
      const limiter = fixture.limiters.limiter(named("reset"), { limit: 1, windowMs: 5000 });
      limiter.take("a");
      fixture.setNow(1200);
      expect(limiter.take("a")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 4 });
    });

    it("keeps the counts of differently named limiters apart", () => {
      fixture.setNow(20_000);
      const forms = fixture.limiters.limiter(named("forms"), { limit: 1 });
      const uploads = fixture.limiters.limiter(named("uploads"), { limit: 1 });
      expect(forms.take("203.0.113.7").allowed).toBe(true);
      expect(uploads.take("203.0.113.7").allowed).toBe(true);
      expect(forms.take("203.0.113.7").allowed).toBe(false);
    });

    it("forgets the keys of past windows, so many distinct keys do not pile up", () => {
      fixture.setNow(30_000);
      const limiter = fixture.limiters.limiter(named("content"), { limit: 1, windowMs: 1000 });
      for (let key = 0; key < 1000; key++) limiter.take(`client-${key}`);
      expect(limiter.trackedKeys()).toBe(1000);
      fixture.setNow(31_000);
      expect(limiter.take("client-0").allowed).toBe(true);
      expect(limiter.trackedKeys()).toBe(1);
    });
  });
}
