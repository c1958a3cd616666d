import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/local/database/open-database";
import { createEditorSessions } from "../../../../../adapters/local/editor/editor-sessions";

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
  return { db, sessions: createEditorSessions({ db, passwordFingerprint: fingerprint, lifetimeSeconds: 60, now }) };
}

describe("the editor's sessions", () => {
  it("are one set for every server process: opened in one, read and closed in another", () => {
    const [first, second] = [process(() => "password-1"), process(() => "password-1")];
    const credential = first.sessions.open()!;
    expect(second.sessions.isOpen(credential)).toBe(true);
    second.sessions.close(credential);
    expect(first.sessions.isOpen(credential)).toBe(false);
    expect(first.sessions.isOpen("forged")).toBe(false);
  });

  it("keep only a digest of each cookie, and drop the expired and the other passwords' at the next sign-in", () => {
    let now = 1_000_000;
    let fingerprint = "password-1";
    const { db, sessions } = process(() => fingerprint, () => now);
    const old = sessions.open()!;
    const rows = () => db.prepare("SELECT token_digest FROM editor_session").pluck().all() as string[];
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).not.toBe(old);
    now += 60_000;
    expect(sessions.isOpen(old)).toBe(false);
    fingerprint = "password-2";
    const fresh = sessions.open()!;
    expect(rows()).toHaveLength(1);
    expect(sessions.isOpen(fresh)).toBe(true);
  });

  it("open none while the password is not known", () => {
    expect(process(() => undefined).sessions.open()).toBeUndefined();
  });
});
