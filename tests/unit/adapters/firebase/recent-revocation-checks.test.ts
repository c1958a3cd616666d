import { describe, expect, it } from "vitest";
import { createRecentRevocationChecks, REVOCATION_CHECK_INTERVAL_MS } from "../../../../adapters/firebase/recent-revocation-checks";

describe("the recent revocation checks of session cookies", () => {
  const clock = () => {
    let time = 1_000_000;
    return { now: () => time, pass: (ms: number) => void (time += ms) };
  };

  it("take a session found unrevoked as such for 5 seconds, then ask Firebase again", () => {
    expect(REVOCATION_CHECK_INTERVAL_MS).toBe(5_000);
    const { now, pass } = clock();
    const checks = createRecentRevocationChecks({ now });
    expect(checks.fresh("cookie-ana")).toBe(false);
    checks.passed("cookie-ana", "uid-ana");
    expect(checks.fresh("cookie-ana")).toBe(true);
    expect(checks.fresh("cookie-pau")).toBe(false);
    pass(4_999);
    expect(checks.fresh("cookie-ana")).toBe(true);
    pass(1);
    expect(checks.fresh("cookie-ana")).toBe(false);
    checks.passed("cookie-ana", "uid-ana");
    expect(checks.fresh("cookie-ana")).toBe(true);
  });

  it("ask again at once for every session of a user revoked on this instance, and for a credential refused", () => {
    const checks = createRecentRevocationChecks({ now: clock().now });
    for (const cookie of ["ana-phone", "ana-laptop"]) checks.passed(cookie, "uid-ana");
    checks.passed("pau-phone", "uid-pau");
    checks.forgetUser("uid-ana");
    expect(["ana-phone", "ana-laptop", "pau-phone"].map((cookie) => checks.fresh(cookie))).toEqual([false, false, true]);
    checks.forget("pau-phone");
    expect(checks.fresh("pau-phone")).toBe(false);
  });

  it("remember at most 10,000 sessions, forgetting the longest-checked first", () => {
    const { now, pass } = clock();
    const checks = createRecentRevocationChecks({ now });
    for (let index = 0; index < 10_000; index += 1) checks.passed(`cookie-${index}`, `uid-${index}`);
    pass(1_000);
    // Checked again: now the newest, so the next one over the bound pushes out cookie-1 instead.
    checks.passed("cookie-0", "uid-0");
    checks.passed("cookie-new", "uid-new");
    expect(checks.fresh("cookie-0")).toBe(true);
    expect(checks.fresh("cookie-1")).toBe(false);
    expect(checks.fresh("cookie-2")).toBe(true);
    expect(checks.fresh("cookie-new")).toBe(true);
  });
});
