import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteCheckIns } from "../../adapters/embedded/check-in/sqlite-check-ins.adapter";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { checkInsContract } from "./check-ins.contract";

checkInsContract("The embedded SQLite check-ins", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "check-ins-"));
  const db = openDatabase(dataDir);
  return {
    port: createSqliteCheckIns(db),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
