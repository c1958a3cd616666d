import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteFormInbox } from "../../adapters/embedded/forms/sqlite-form-inbox.adapter";
import { formInboxContract } from "./form-inbox.contract";

formInboxContract("The embedded SQLite form inbox", async () => {
  // A file, not :memory:, so the store runs as in production (WAL, synchronous=FULL).
  const dataDir = mkdtempSync(join(tmpdir(), "form-inbox-"));
  const db = openDatabase(dataDir);
  return {
    port: createSqliteFormInbox(db),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
