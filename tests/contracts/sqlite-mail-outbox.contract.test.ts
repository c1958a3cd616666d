import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type SqliteDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteMailOutboxStore } from "../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { mailOutboxContract } from "./mail-outbox.contract";

// Each outbox a data directory of its own; each connection to it one as another server process opens.
mailOutboxContract("The embedded SQLite mail outbox", async () => {
  const dirs: string[] = [];
  const connections: SqliteDatabase[] = [];
  return {
    async outbox() {
      const dir = mkdtempSync(join(tmpdir(), "mail-outbox-"));
      dirs.push(dir);
      return {
        connect() {
          const db = openDatabase(dir);
          connections.push(db);
          return createSqliteMailOutboxStore(db);
        },
      };
    },
    async close() {
      for (const db of connections) db.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
});
