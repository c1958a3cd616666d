import { describe, expect, it } from "vitest";
import { decideRetry, MAIL_DELIVERY_RETRY, MAIL_REJECTED, mailDeliveryRetry } from "../../../../../core/domain/retry/retry.policy";

const waits = (policy: ReturnType<typeof mailDeliveryRetry>, random: number) => [0, 1, 2, 3, 10, 20].map((retry) => policy.delayMs(retry, random));

describe("the mail outbox's retries", () => {
  it("wait 30 s, doubling up to an hour, with up to 5 s of jitter", () => {
    expect(waits(MAIL_DELIVERY_RETRY, 0)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
    expect(MAIL_DELIVERY_RETRY.delayMs(0, 0.999_999)).toBe(34_999);
  });

  it("start from a configured first wait, with jitter in proportion", () => {
    const quick = mailDeliveryRetry(200);
    expect(waits(quick, 0)).toEqual([200, 400, 800, 1_600, 204_800, 3_600_000]);
    expect(quick.delayMs(0, 0.999_999)).toBe(233);
  });

  it("keep trying for two days, and give up at once on a permanent rejection", () => {
    const quick = mailDeliveryRetry(200);
    expect(decideRetry(quick, { code: "mail/unavailable" }, 1_000, 0, 0)).toEqual({ kind: "retry", delayMs: 3_600_000 });
    expect(decideRetry(quick, { code: "mail/unavailable" }, 5, 2 * 24 * 60 * 60_000, 0)).toEqual({ kind: "limit-exceeded" });
    expect(decideRetry(quick, { code: MAIL_REJECTED }, 0, 0, 0)).toEqual({ kind: "give-up" });
  });
});
