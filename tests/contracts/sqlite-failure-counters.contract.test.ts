import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSqliteFailureCounters } from "../../adapters/local/rate-limit/sqlite-failure-counters.adapter";
import { openRateLimitsDatabase } from "../../adapters/local/rate-limit/sqlite-rate-limiters.adapter";
import { failureCountersContract } from "./failure-counters.contract";

failureCountersContract("The embedded SQLite failure counters", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "failure-counts-"));
  const db = openRateLimitsDatabase(dataDir);
  let now = 0;
  return {
    counters: createSqliteFailureCounters(db, () => now),
    setNow: (time) => (now = time),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("The embedded SQLite failure counters across connections", () => {
  it("count together on the same file, as the server's worker processes do, and purge forgotten keys", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "failure-counts-shared-"));
    const [first, second] = [openRateLimitsDatabase(dataDir), openRateLimitsDatabase(dataDir)];
    try {
      let now = 100_000;
      const inFirst = createSqliteFailureCounters(first, () => now).counter("editor-sign-in", { forgetAfterMs: 60_000 });
      const inSecond = createSqliteFailureCounters(second, () => now).counter("editor-sign-in", { forgetAfterMs: 60_000 });
      expect([inFirst.fail("editor"), inSecond.fail("editor"), inFirst.fail("editor")].map((count) => count.failures)).toEqual([1, 2, 3]);
      expect(inSecond.read("editor").failures).toBe(3);
      for (let key = 0; key < 100; key++) inFirst.fail(`address-${key}`);
      now += 120_000;
      inSecond.fail("editor");
      expect((first.prepare("SELECT count(*) AS n FROM failure_count").get() as { n: number }).n).toBe(1);
    } finally {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
