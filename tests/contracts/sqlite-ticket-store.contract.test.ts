import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { ticketStoreContract } from "./ticket-store.contract";

ticketStoreContract("The embedded SQLite ticket store", async () => {
  // A file, not :memory:, so the store runs as in production (WAL, synchronous=FULL).
  const dataDir = mkdtempSync(join(tmpdir(), "ticket-store-"));
  const db = openDatabase(dataDir);
  return {
    port: createSqliteTicketStore(db),
    close: async () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
