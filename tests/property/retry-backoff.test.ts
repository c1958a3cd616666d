import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTENT_RETRY,
  decideRetry,
  HTTP_RETRY,
  STORAGE_UPLOAD_RETRY,
  type AttemptFailure,
} from "../../core/domain/retry/retry.policy";

const retryIndex = fc.integer({ min: 0, max: 2000 });
const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("backoff delays stay within their bounds", () => {
  it("storage: 1 s doubling capped at 64 s, plus jitter under 1 s", () => {
    for (const policy of [STORAGE_UPLOAD_RETRY]) {
      fc.assert(
        fc.property(retryIndex, random, (retry, r) => {
          const base = Math.min(64_000, 1000 * 2 ** retry);
          const delay = policy.delayMs(retry, r);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(base);
          expect(delay).toBeLessThan(base + 1000);
          expect(delay).toBeLessThan(65_000);
        }),
      );
    }
  });

  it("HTTP: 300 ms doubling capped at 5 s, plus at most 50 % jitter", () => {
    fc.assert(
      fc.property(retryIndex, random, (retry, r) => {
        const base = Math.min(5000, 300 * 2 ** retry);
        const delay = HTTP_RETRY.delayMs(retry, r);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(base * 1.5);
        expect(delay).toBeLessThanOrEqual(7500);
      }),
    );
  });

  it("content: always 300 ms", () => {
    fc.assert(
      fc.property(retryIndex, random, (retry, r) => {
        expect(CONTENT_RETRY.delayMs(retry, r)).toBe(300);
      }),
    );
  });

  it("never shrinks from one retry to the next for the same jitter", () => {
    for (const policy of [HTTP_RETRY, CONTENT_RETRY, STORAGE_UPLOAD_RETRY]) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 100 }), random, (retry, r) => {
          expect(policy.delayMs(retry + 1, r)).toBeGreaterThanOrEqual(policy.delayMs(retry, r));
        }),
      );
    }
  });
});

const failure: fc.Arbitrary<AttemptFailure> = fc.record(
  {
    status: fc.constantFrom(400, 404, 408, 429, 500, 502, 503),
    code: fc.constantFrom("storage/unknown", "storage/internal-error", "storage/retry-limit-exceeded", "storage/canceled"),
    retryAfterMs: fc.integer({ min: 0, max: 90_000 }),
  },
  { requiredKeys: [] },
);

describe("decideRetry keeps every operation inside its deadline", () => {
  const policies = [HTTP_RETRY, CONTENT_RETRY, STORAGE_UPLOAD_RETRY];

  it("grants waits that, with the attempts' own time, never pass the deadline nor maxRetries", () => {
    fc.assert(
      fc.property(
        // Mostly retryable failures, so that sequences run into the deadline rather than give up early.
        fc.constantFrom(...policies).chain((policy) =>
          fc.tuple(
            fc.constant(policy),
            fc.array(
              fc.tuple(
                fc.oneof({ arbitrary: failure.filter(policy.isRetryable), weight: 9 }, { arbitrary: failure, weight: 1 }),
                random,
                fc.integer({ min: 0, max: 5000 }),
              ),
              { maxLength: 60 },
            ),
          ),
        ),
        ([policy, attempts]) => {
          let elapsed = 0;
          let waited = 0;
          let retry = 0;
          for (const [attemptFailure, r, attemptMs] of attempts) {
            elapsed += attemptMs;
            const decision = decideRetry(policy, attemptFailure, retry, elapsed, r);
            if (decision.kind !== "retry") {
              if (decision.kind === "give-up") expect(policy.isRetryable(attemptFailure)).toBe(false);
              break;
            }
            expect(decision.delayMs).toBeGreaterThanOrEqual(attemptFailure.retryAfterMs ?? 0);
            waited += decision.delayMs;
            elapsed += decision.delayMs;
            retry += 1;
            expect(elapsed).toBeLessThanOrEqual(policy.deadlineMs);
          }
          expect(waited).toBeLessThanOrEqual(policy.deadlineMs);
          expect(retry).toBeLessThanOrEqual(policy.maxRetries);
        },
      ),
    );
  });

  it("retries a retryable failure whenever the wait fits and retries remain", () => {
    fc.assert(
      fc.property(fc.constantFrom(...policies), failure, fc.integer({ min: 0, max: 12 }), random, (policy, attemptFailure, retry, r) => {
        fc.pre(policy.isRetryable(attemptFailure) && retry < policy.maxRetries);
        const wait = Math.max(policy.delayMs(retry, r), attemptFailure.retryAfterMs ?? 0);
        const elapsed = Math.max(0, policy.deadlineMs - wait);
        expect(decideRetry(policy, attemptFailure, retry, elapsed, r)).toEqual(
          wait <= policy.deadlineMs ? { kind: "retry", delayMs: wait } : { kind: "limit-exceeded" },
        );
      }),
    );
  });
});
