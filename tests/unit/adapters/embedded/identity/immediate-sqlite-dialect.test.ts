import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { immediateSqliteDialect } from "../../../../../adapters/embedded/identity/immediate-sqlite-dialect";

// Two connections to one file stand for two server processes: better-auth's transactions read, then write.
describe("immediateSqliteDialect", () => {
  let dataDir: string;
  let connections: SqliteDatabase[] = [];
  const open = () => {
    const db = openDatabase(dataDir);
    connections.push(db);
    return db;
  };
  const otherProcessWrites = (db: SqliteDatabase) => db.prepare("INSERT INTO external_ticket_click (event_id, day, clicks) VALUES (?, '2026-11-26', 1)").run(crypto.randomUUID());
  afterEach(() => {
    for (const db of connections) db.close();
    connections = [];
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes the write lock at the transaction's start, so a write after a read never meets another process's write", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "immediate-dialect-"));
    const [site, other] = [open(), open()];
    other.pragma("busy_timeout = 50");
    const kysely = new Kysely({ dialect: immediateSqliteDialect(site) });
    await kysely.transaction().execute(async (trx) => {
      await sql`SELECT count(*) FROM external_ticket_click`.execute(trx);
      expect(() => otherProcessWrites(other)).toThrow(/database is locked/);
      await sql`INSERT INTO external_ticket_click (event_id, day, clicks) VALUES ('concert', '2026-11-26', 1)`.execute(trx);
    });
    otherProcessWrites(other);
    expect(site.prepare("SELECT count(*) AS n FROM external_ticket_click").get()).toEqual({ n: 2 });
    await kysely.destroy();
  });

  it("is needed: begun DEFERRED, the write after another process's write fails at once", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "deferred-dialect-"));
    const [site, other] = [open(), open()];
    const kysely = new Kysely({ dialect: new SqliteDialect({ database: site }) });
    const transaction = kysely.transaction().execute(async (trx) => {
      await sql`SELECT count(*) FROM external_ticket_click`.execute(trx);
      otherProcessWrites(other);
      await sql`INSERT INTO external_ticket_click (event_id, day, clicks) VALUES ('concert', '2026-11-26', 1)`.execute(trx);
    });
    await expect(transaction).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    await kysely.destroy();
  });
});
