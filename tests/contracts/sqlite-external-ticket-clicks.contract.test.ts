import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { externalTicketClicksContract } from "./external-ticket-clicks.contract";

externalTicketClicksContract("The embedded SQLite external ticket clicks", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "external-clicks-"));
  const db = openDatabase(dataDir);
  return {
    port: createSqliteExternalTicketClicks(db),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
