import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteWaitingRoomStore, openWaitingRoomDatabase } from "../../adapters/embedded/waiting-room/sqlite-waiting-room-store.adapter";
import { waitingRoomStoreContract } from "./waiting-room-store.contract";

waitingRoomStoreContract("The embedded SQLite waiting room store", async () => {
  // A file, not :memory:, so that a second connection is a second server process on the same DATA_DIR.
  const dataDir = mkdtempSync(join(tmpdir(), "waiting-room-"));
  const db = openWaitingRoomDatabase(dataDir);
  const other = openWaitingRoomDatabase(dataDir);
  return {
    port: createSqliteWaitingRoomStore(db),
    otherInstance: createSqliteWaitingRoomStore(other),
    close: async () => {
      db.close();
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
