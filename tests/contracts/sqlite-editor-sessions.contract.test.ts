import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteEditorSessions } from "../../adapters/embedded/editor/sqlite-editor-sessions.adapter";
import { editorSessionsContract } from "./editor-sessions.contract";

// Two connections to one DATA_DIR, as the server's worker processes have.
editorSessionsContract("The embedded SQLite editor sessions", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "editor-sessions-"));
  const [first, second] = [openDatabase(dataDir), openDatabase(dataDir)];
  return {
    port: createSqliteEditorSessions(first),
    peer: createSqliteEditorSessions(second),
    close: async () => {
      first.close();
      second.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("The embedded SQLite editor sessions' rows", () => {
  it("are dropped at the next sign-in once expired or of another password", async () => {
    const db = openDatabase(":memory:");
    try {
      const sessions = createSqliteEditorSessions(db);
      await sessions.open({ digest: "expired", passwordFingerprint: "password-1", openedAt: 0, expiresAt: 1_000 });
      await sessions.open({ digest: "old-password", passwordFingerprint: "password-1", openedAt: 500, expiresAt: 60_000 });
      await sessions.open({ digest: "fresh", passwordFingerprint: "password-2", openedAt: 1_000, expiresAt: 60_000 });
      expect(db.prepare("SELECT token_digest FROM editor_session").pluck().all()).toEqual(["fresh"]);
    } finally {
      db.close();
    }
  });
});
