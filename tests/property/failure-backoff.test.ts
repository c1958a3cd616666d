import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  backoffRemainingMs,
  EDITOR_SIGN_IN_BACKOFF,
  retryAfterSecondsOf,
  SIGN_IN_BACKOFF,
  signInBackoffRemainingMs,
  type FailureCount,
} from "../../core";

const failures = fc.integer({ min: 0, max: 10_000 });
const time = fc.integer({ min: 0, max: 4_000_000_000_000 });
const countAt = (lastFailureAt: number) => failures.map((count): FailureCount => ({ failures: count, lastFailureAt: count === 0 ? null : lastFailureAt }));
const schedules = [SIGN_IN_BACKOFF.perAccountAndAddress, EDITOR_SIGN_IN_BACKOFF];

describe("the sign-in backoff", () => {
  it("never makes an address with no failure of its own on the account wait, however many failed elsewhere", () => {
    fc.assert(
      fc.property(failures, time, time, (accountFailures, lastAccountFailure, now) => {
        const counts = { accountAndAddress: { failures: 0, lastFailureAt: null }, account: { failures: accountFailures, lastFailureAt: lastAccountFailure } };
        expect(signInBackoffRemainingMs(counts, SIGN_IN_BACKOFF, now)).toBe(0);
      }),
    );
  });

  it("lets an address fail five times on a quiet account, once on one under attack, before it waits", () => {
    const at = 1_000_000;
    const wait = (own: number, account: number) =>
      signInBackoffRemainingMs({ accountAndAddress: { failures: own, lastFailureAt: at }, account: { failures: account, lastFailureAt: at } }, SIGN_IN_BACKOFF, at);
    expect([1, 2, 3, 4, 5, 6, 7].map((own) => wait(own, own))).toEqual([0, 0, 0, 0, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((own) => wait(own, 20))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("waits longer, never shorter, for more failures of the address, and never more than the cap", () => {
    fc.assert(
      fc.property(failures, failures, time, time, (own, account, last, now) => {
        const wait = (ownFailures: number) =>
          signInBackoffRemainingMs({ accountAndAddress: { failures: ownFailures, lastFailureAt: last }, account: { failures: account, lastFailureAt: last } }, SIGN_IN_BACKOFF, now);
        expect(wait(own + 1)).toBeGreaterThanOrEqual(wait(own));
        expect(wait(own)).toBeLessThanOrEqual(SIGN_IN_BACKOFF.perAccountAndAddress.maxDelayMs);
      }),
    );
  });
});

describe("backoff schedules", () => {
  it("wait for nothing before the free failures are used up, then double from the first delay up to the cap", () => {
    for (const schedule of schedules) {
      fc.assert(
        fc.property(failures, (count) => {
          const delay = backoffDelayMs(count, schedule);
          const expected = count < schedule.freeFailures ? 0 : Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** (count - schedule.freeFailures));
          expect(delay).toBe(expected);
          expect(Number.isFinite(delay)).toBe(true);
        }),
      );
    }
  });

  it("let the next attempt through once the delay since the last failure has passed, and say how long until then", () => {
    for (const schedule of schedules) {
      fc.assert(
        fc.property(time, time, (last, later) => {
          fc.pre(later >= last);
          return fc.assert(
            fc.property(countAt(last), (count) => {
              const remaining = backoffRemainingMs(count, schedule, later);
              const delay = count.lastFailureAt === null ? 0 : backoffDelayMs(count.failures, schedule);
              expect(remaining).toBe(Math.min(delay, Math.max(0, last + delay - later)));
              expect(backoffRemainingMs(count, schedule, later + remaining)).toBe(0);
              if (remaining > 0) expect(retryAfterSecondsOf(remaining) * 1000).toBeGreaterThanOrEqual(remaining);
            }),
            { numRuns: 5 },
          );
        }),
        { numRuns: 50 },
      );
    }
  });
});
