import { afterAll, beforeAll, expect, it } from "vitest";
import type { FailureCounters } from "../../core";
import { contractSuite, type ContractOptions } from "./support/runner-skip";

export interface FailureCountersFixture {
  /** Counters reading the clock the test moves. */
  readonly counters: FailureCounters;
  /** Sets that clock (milliseconds since the epoch). */
  setNow(time: number): void;
  close(): Promise<void>;
}

export interface SharedFailureCountersFixture extends FailureCountersFixture {
  /** Another adapter on the same store, as another server process or instance has: it reads the same clock. */
  readonly peer: FailureCounters;
}

// Each test its own counter names, so that the runs of one fixture (and a store shared between runs, an emulator) do not add up.
const named = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What every FailureCounters adapter does: failures in a row per counter and key, forgotten after a while or on success. */
export function failureCountersContract(name: string, makeFixture: () => Promise<FailureCountersFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} fulfils the failure counters contract`, options, () => {
    let fixture: FailureCountersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    it("counts failures per key, with the time of the last", async () => {
      fixture.setNow(10_000);
      const counter = fixture.counters.counter(named("sign-in"), { forgetAfterMs: 60_000 });
      expect(await counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect(await counter.fail("a")).toEqual({ failures: 1, lastFailureAt: 10_000 });
      fixture.setNow(12_500);
      expect(await counter.fail("a")).toEqual({ failures: 2, lastFailureAt: 12_500 });
      expect(await counter.read("a")).toEqual({ failures: 2, lastFailureAt: 12_500 });
      expect(await counter.read("b")).toEqual({ failures: 0, lastFailureAt: null });
    });

    it("forgets a key's failures on success", async () => {
      fixture.setNow(20_000);
      const counter = fixture.counters.counter(named("editor"), { forgetAfterMs: 60_000 });
      await counter.fail("a");
      await counter.fail("b");
      await counter.forget("a");
      expect(await counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect((await counter.read("b")).failures).toBe(1);
      expect((await counter.fail("a")).failures).toBe(1);
    });

    it("counts a key whose last failure is older than the rule as none, and starts again from one", async () => {
      fixture.setNow(30_000);
      const counter = fixture.counters.counter(named("account"), { forgetAfterMs: 5000 });
      await counter.fail("a");
      await counter.fail("a");
      fixture.setNow(34_999);
      expect((await counter.read("a")).failures).toBe(2);
      fixture.setNow(35_000);
      expect(await counter.read("a")).toEqual({ failures: 0, lastFailureAt: null });
      expect(await counter.fail("a")).toEqual({ failures: 1, lastFailureAt: 35_000 });
    });

    it("keeps the counts of differently named counters apart", async () => {
      fixture.setNow(40_000);
      const pairs = fixture.counters.counter(named("pairs"), { forgetAfterMs: 60_000 });
      const accounts = fixture.counters.counter(named("accounts"), { forgetAfterMs: 60_000 });
      await pairs.fail("ana@arena.example");
      expect((await accounts.read("ana@arena.example")).failures).toBe(0);
    });
  });
}

/**
 * What a FailureCounters adapter on a shared store does besides: every adapter on the store counts
 * together (a guess spread over the server's processes or instances meets one count), even when
 * their failures arrive at the same moment.
 */
export function sharedFailureCountersContract(name: string, makeFixture: () => Promise<SharedFailureCountersFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} count together on one store`, options, () => {
    let fixture: SharedFailureCountersFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    it("one count for two adapters on one store, in turn, and a success on one is seen by the other", async () => {
      fixture.setNow(100_000);
      const counter = named("editor-sign-in");
      const [inFirst, inSecond] = [fixture.counters.counter(counter, { forgetAfterMs: 60_000 }), fixture.peer.counter(counter, { forgetAfterMs: 60_000 })];
      const failures = [];
      for (const each of [inFirst, inSecond, inFirst]) failures.push((await each.fail("editor")).failures);
      expect(failures).toEqual([1, 2, 3]);
      expect((await inSecond.read("editor")).failures).toBe(3);
      await inSecond.forget("editor");
      expect(await inFirst.read("editor")).toEqual({ failures: 0, lastFailureAt: null });
    });

    it("one count for two adapters on one store, failing at the same moment", async () => {
      fixture.setNow(200_000);
      const counter = named("sign-in-account");
      const both = [fixture.counters.counter(counter, { forgetAfterMs: 60_000 }), fixture.peer.counter(counter, { forgetAfterMs: 60_000 })];
      const counts = await Promise.all(Array.from({ length: 10 }, (_, failure) => both[failure % 2]!.fail("ana@arena.example")));
      expect(counts.map((count) => count.failures).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await both[0]!.read("ana@arena.example")).failures).toBe(10);
    });
  });
}
