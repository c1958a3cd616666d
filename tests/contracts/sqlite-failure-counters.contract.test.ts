import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSqliteFailureCounters } from "../../adapters/embedded/rate-limit/sqlite-failure-counters.adapter";
import { openRateLimitsDatabase } from "../../adapters/embedded/rate-limit/sqlite-rate-limiters.adapter";
import { failureCountersContract, sharedFailureCountersContract } from "./failure-counters.contract";

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

// Two connections to one file, as the server's worker processes have.
sharedFailureCountersContract("The embedded SQLite failure counters of two connections", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "failure-counts-shared-"));
  const [first, second] = [openRateLimitsDatabase(dataDir), openRateLimitsDatabase(dataDir)];
  let now = 0;
  return {
    counters: createSqliteFailureCounters(first, () => now),
    peer: createSqliteFailureCounters(second, () => now),
    setNow: (time) => (now = time),
    close: async () => {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("The embedded SQLite failure counters' purge", () => {
  it("deletes the rows of keys forgotten since", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "failure-counts-purge-"));
    const db = openRateLimitsDatabase(dataDir);
    try {
      let now = 100_000;
      const counter = createSqliteFailureCounters(db, () => now).counter("editor-sign-in", { forgetAfterMs: 60_000 });
      for (let key = 0; key < 100; key++) await counter.fail(`address-${key}`);
      now += 120_000;
      await createSqliteFailureCounters(db, () => now).counter("editor-sign-in", { forgetAfterMs: 60_000 }).fail("editor");
      expect((db.prepare("SELECT count(*) AS n FROM failure_count").get() as { n: number }).n).toBe(1);
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
