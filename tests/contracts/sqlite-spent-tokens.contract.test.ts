import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteSpentTokens } from "../../adapters/embedded/identity/sqlite-spent-tokens.adapter";
import { spentTokensContract } from "./spent-tokens.contract";

spentTokensContract("The embedded SQLite spent tokens", async () => {
  const db = openDatabase(":memory:");
  return { port: createSqliteSpentTokens(db), close: async () => void db.close() };
});

describe("The embedded SQLite spent tokens across connections", () => {
  it("are one set for every server process, and forget tokens once they have expired", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "spent-tokens-"));
    const [first, second] = [openDatabase(dataDir), openDatabase(dataDir)];
    try {
      let now = 1_000_000;
      const inFirst = createSqliteSpentTokens(first, () => now);
      const inSecond = createSqliteSpentTokens(second, () => now);
      expect(await inFirst.spend("token-a", now + 300_000)).toBe(true);
      expect(await inSecond.spend("token-a", now + 300_000)).toBe(false);
      now += 300_000;
      await createSqliteSpentTokens(second, () => now).spend("token-b", now + 300_000);
      expect(second.prepare("SELECT digest FROM spent_token").pluck().all()).toEqual(["token-b"]);
    } finally {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
