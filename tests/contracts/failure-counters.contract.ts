import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FailureCounters } from "../../core";

export interface FailureCountersFixture {
  /** Counters reading the clock the test moves. */
  readonly counters: FailureCounters;
  /** Sets that clock (milliseconds since the epoch). */
  setNow(time: number): void;
  close(): Promise<void>;
}

/** What every FailureCounters adapter does: failures in a row per counter and key, forgotten after a while or on success. */
export function failureCountersContract(name: string, makeFixture: () => Promise<FailureCountersFixture>): void {
  describe(`${name} fulfils the failure counters contract`, () => {
    let fixture: FailureCountersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    const named = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

    it("counts failures per key, with the time of the last", () => {
      fixture.setNow(10_000);
      const counter = fixture.counters.counter(named("sign-in"), { forgetAfterMs: 60_000 });
      expect(counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect(counter.fail("a")).toEqual({ failures: 1, lastFailureAt: 10_000 });
      fixture.setNow(12_500);
      expect(counter.fail("a")).toEqual({ failures: 2, lastFailureAt: 12_500 });
      expect(counter.read("a")).toEqual({ failures: 2, lastFailureAt: 12_500 });
      expect(counter.read("b")).toEqual({ failures: 0, lastFailureAt: null });
    });

    it("forgets a key's failures on success", () => {
      fixture.setNow(20_000);
      const counter = fixture.counters.counter(named("editor"), { forgetAfterMs: 60_000 });
      counter.fail("a");
      counter.fail("b");
      counter.forget("a");
      expect(counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect(counter.read("b").failures).toBe(1);
      expect(counter.fail("a").failures).toBe(1);
    });

    it("counts a key whose last failure is older than the rule as none, and starts again from one", () => {
      fixture.setNow(30_000);
      const counter = fixture.counters.counter(named("account"), { forgetAfterMs: 5000 });
      counter.fail("a");
      counter.fail("a");
      fixture.setNow(34_999);
      expect(counter.read("a").failures).toBe(2);
      fixture.setNow(35_000);
      expect(counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect(counter.fail("a")).toEqual({ failures: 1, lastFailureAt: 35_000 });
    });

    it("keeps the counts of differently named counters apart", () => {
      fixture.setNow(40_000);
      const pairs = fixture.counters.counter(named("pairs"), { forgetAfterMs: 60_000 });
      const accounts = fixture.counters.counter(named("accounts"), { forgetAfterMs: 60_000 });
      pairs.fail("ana@arena.example");
      expect(accounts.read("ana@arena.example").failures).toBe(0);
    });
  });
}
