import { afterAll, beforeAll, expect, it } from "vitest";
import type { RateLimiters } from "../../core";
import { contractSuite, type ContractOptions } from "./support/runner-skip";

export interface RateLimitersFixture {
  /** Limiters reading the clock the test moves. */
  readonly limiters: RateLimiters;
  /** Sets that clock (milliseconds since the epoch). */
  setNow(time: number): void;
  close(): Promise<void>;
}

export interface SharedRateLimitersFixture extends RateLimitersFixture {
  /** Another adapter on the same store, as another server process or instance has: it reads the same clock. */
  readonly peer: RateLimiters;
}

// Each test its own limiter names, so that the runs of one fixture (and a store shared between runs, an emulator) do not add up.
const named = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What every RateLimiters adapter does: fixed windows per limiter and key, with Retry-After. */
export function rateLimitersContract(name: string, makeFixture: () => Promise<RateLimitersFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} fulfils the rate limiters contract`, options, () => {
    let fixture: RateLimitersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    it("allows the limit per key and window, then says when to retry", async () => {
      fixture.setNow(10_000);
      const limiter = fixture.limiters.limiter(named("sign-in"), { limit: 2 });
      expect(limiter.limit).toBe(2);
      expect(await limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
      expect(await limiter.take("a")).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 1 });
      expect(await limiter.take("a")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
      expect((await limiter.take("b")).allowed).toBe(true);
      fixture.setNow(10_999);
      expect((await limiter.take("a")).allowed).toBe(false);
      fixture.setNow(11_000);
      expect(await limiter.take("a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 });
    });

    it("rounds Retry-After up to whole seconds of longer windows", async () => {
      fixture.setNow(0);
      const limiter = fixture.limiters.limiter(named("reset"), { limit: 1, windowMs: 5000 });
      await limiter.take("a");
      fixture.setNow(1200);
      expect(await limiter.take("a")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 4 });
    });

    it("keeps the counts of differently named limiters apart", async () => {
      fixture.setNow(20_000);
      const forms = fixture.limiters.limiter(named("forms"), { limit: 1 });
      const uploads = fixture.limiters.limiter(named("uploads"), { limit: 1 });
      expect((await forms.take("203.0.113.7")).allowed).toBe(true);
      expect((await uploads.take("203.0.113.7")).allowed).toBe(true);
      expect((await forms.take("203.0.113.7")).allowed).toBe(false);
    });

    it("forgets the keys of past windows, so many distinct keys do not pile up", async () => {
      fixture.setNow(30_000);
      const limiter = fixture.limiters.limiter(named("content"), { limit: 1, windowMs: 1000 });
      for (let first = 0; first < 300; first += 50) await Promise.all(Array.from({ length: 50 }, (_, key) => limiter.take(`client-${first + key}`)));
      expect(await limiter.trackedKeys()).toBe(300);
      fixture.setNow(31_000);
      expect((await limiter.take("client-0")).allowed).toBe(true);
      expect(await limiter.trackedKeys()).toBe(1);
    });
  });
}

/**
 * What a RateLimiters adapter on a shared store does besides: every adapter on the store counts
 * together (a brute force spread over the server's processes or instances meets one limit), even
 * when their requests arrive at the same moment.
 */
export function sharedRateLimitersContract(name: string, makeFixture: () => Promise<SharedRateLimitersFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} count together on one store`, options, () => {
    let fixture: SharedRateLimitersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    it("one limit for two adapters on one store, taken in turn", async () => {
      fixture.setNow(50_000);
      const limiter = named("sign-in-per-address");
      const [inFirst, inSecond] = [fixture.limiters.limiter(limiter, { limit: 3, windowMs: 60_000 }), fixture.peer.limiter(limiter, { limit: 3, windowMs: 60_000 })];
      const remaining = [];
      for (const take of [inFirst, inSecond, inFirst]) remaining.push((await take.take("198.51.100.4")).remaining);
      expect(remaining).toEqual([2, 1, 0]);
      expect(await inSecond.take("198.51.100.4")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 10 });
      expect(await inFirst.trackedKeys()).toBe(1);
    });

    it("one limit for two adapters on one store, taken at the same moment", async () => {
      fixture.setNow(120_000);
      const limiter = named("contact-form");
      const both = [fixture.limiters.limiter(limiter, { limit: 5, windowMs: 60_000 }), fixture.peer.limiter(limiter, { limit: 5, windowMs: 60_000 })];
      const decisions = await Promise.all(Array.from({ length: 16 }, (_, request) => both[request % 2]!.take("203.0.113.9")));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
      expect(decisions.filter((decision) => decision.allowed).map((decision) => decision.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it("allows a crowd up to its limit on one key (many visitors behind one address, twenty at a time), and counts every one", async () => {
      fixture.setNow(180_000);
      const limiter = named("contact-form-behind-one-nat");
      const both = [fixture.limiters.limiter(limiter, { limit: 300, windowMs: 60_000 }), fixture.peer.limiter(limiter, { limit: 300, windowMs: 60_000 })];
      const refused: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, async (_, visitor) => {
          for (let post = 0; post < 15; post++) if (!(await both[visitor % 2]!.take("198.51.100.80")).allowed) refused.push(visitor);
        }),
      );
      expect(refused).toEqual([]);
      expect((await both[0]!.take("198.51.100.80")).allowed).toBe(false);
    });
  });
}
