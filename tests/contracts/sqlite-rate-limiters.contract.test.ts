import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSqliteRateLimiters, openRateLimitsDatabase } from "../../adapters/local/rate-limit/sqlite-rate-limiters.adapter";
import { rateLimitersContract } from "./rate-limiters.contract";

rateLimitersContract("The embedded SQLite rate limiters", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "rate-limits-"));
  const db = openRateLimitsDatabase(dataDir);
  let now = 0;
  return {
    limiters: createSqliteRateLimiters(db, () => now),
    setNow: (time) => (now = time),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("The embedded SQLite rate limiters across connections", () => {
  it("count together on the same file, as the server's worker processes do", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rate-limits-shared-"));
    const [first, second] = [openRateLimitsDatabase(dataDir), openRateLimitsDatabase(dataDir)];
    try {
      const now = () => 50_000;
      const inFirst = createSqliteRateLimiters(first, now).limiter("sign-in-per-address", { limit: 3, windowMs: 60_000 });
      const inSecond = createSqliteRateLimiters(second, now).limiter("sign-in-per-address", { limit: 3, windowMs: 60_000 });
      expect([inFirst.take("198.51.100.4"), inSecond.take("198.51.100.4"), inFirst.take("198.51.100.4")].map((decision) => decision.remaining)).toEqual([2, 1, 0]);
      expect(inSecond.take("198.51.100.4")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 10 });
      // Refusals are reads: a flood past the limit writes nothing to the database.
      const changes = () => (first.prepare("SELECT total_changes() AS changes").get() as { changes: number }).changes;
      const before = changes();
      for (let attempt = 0; attempt < 100; attempt++) expect(inFirst.take("198.51.100.4").allowed).toBe(false);
      expect(changes()).toBe(before);
    } finally {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
