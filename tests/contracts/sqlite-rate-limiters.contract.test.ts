import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSqliteRateLimiters, openRateLimitsDatabase } from "../../adapters/embedded/rate-limit/sqlite-rate-limiters.adapter";
import { rateLimitersContract, sharedRateLimitersContract } from "./rate-limiters.contract";

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

// Two connections to one file, as the server's worker processes have.
sharedRateLimitersContract("The embedded SQLite rate limiters of two connections", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "rate-limits-shared-"));
  const [first, second] = [openRateLimitsDatabase(dataDir), openRateLimitsDatabase(dataDir)];
  let now = 0;
  return {
    limiters: createSqliteRateLimiters(first, () => now),
    peer: createSqliteRateLimiters(second, () => now),
    setNow: (time) => (now = time),
    close: async () => {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("The embedded SQLite rate limiters past the limit", () => {
  it("refuse with a read: a flood past the limit writes nothing to the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rate-limits-flood-"));
    const db = openRateLimitsDatabase(dataDir);
    try {
      const limiter = createSqliteRateLimiters(db, () => 50_000).limiter("sign-in-per-address", { limit: 3, windowMs: 60_000 });
      for (let attempt = 0; attempt < 3; attempt++) await limiter.take("198.51.100.4");
      const changes = () => (db.prepare("SELECT total_changes() AS changes").get() as { changes: number }).changes;
      const before = changes();
      for (let attempt = 0; attempt < 100; attempt++) expect((await limiter.take("198.51.100.4")).allowed).toBe(false);
      expect(changes()).toBe(before);
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
