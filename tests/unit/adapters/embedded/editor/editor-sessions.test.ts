import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createEditorSessions } from "../../../../../adapters/embedded/editor/editor-sessions";
import { createSqliteEditorSessions } from "../../../../../adapters/embedded/editor/sqlite-editor-sessions.adapter";

let dataDir: string;
let connections: SqliteDatabase[];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "arena-editor-sessions-"));
  connections = [];
});
afterEach(() => {
  for (const db of connections) db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One server process's sessions on the shared DATA_DIR. */
function process(fingerprint: () => string | undefined, now = () => 1_000_000) {
  const db = openDatabase(dataDir);
  connections.push(db);
  return { db, sessions: createEditorSessions({ store: createSqliteEditorSessions(db), passwordFingerprint: fingerprint, lifetimeSeconds: 60, now }) };
}

describe("the editor's sessions", () => {
  it("are one set for every server process: opened in one, read and closed in another", async () => {
    const [first, second] = [process(() => "password-1"), process(() => "password-1")];
    const credential = (await first.sessions.open())!;
    expect(await second.sessions.isOpen(credential)).toBe(true);
    await second.sessions.close(credential);
    expect(await first.sessions.isOpen(credential)).toBe(false);
    expect(await first.sessions.isOpen("forged")).toBe(false);
  });

  it("keep only a digest of each cookie, last their lifetime, and end at a password change", async () => {
    let now = 1_000_000;
    let fingerprint = "password-1";
    const { db, sessions } = process(() => fingerprint, () => now);
    const old = (await sessions.open())!;
    const rows = () => db.prepare("SELECT token_digest FROM editor_session").pluck().all() as string[];
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).not.toBe(old);
    now += 59_999;
    expect(await sessions.isOpen(old)).toBe(true);
    const another = (await sessions.open())!;
    fingerprint = "password-2";
    expect(await sessions.isOpen(another)).toBe(false);
    now += 1;
    expect(await sessions.isOpen(old)).toBe(false);
    expect(await sessions.isOpen((await sessions.open())!)).toBe(true);
  });

  it("open none while the password is not known", async () => {
    expect(await process(() => undefined).sessions.open()).toBeUndefined();
  });
});
