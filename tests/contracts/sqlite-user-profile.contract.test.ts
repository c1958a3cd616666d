import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteUserProfiles } from "../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { userProfileContract } from "./user-profile.contract";

// The embedded store, on a database file of its own as the site opens it.

userProfileContract("SQLite's user profiles", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-profile-contract-"));
  const db = openDatabase(dataDir);
  return {
    port: createSqliteUserProfiles(db),
    async close() {
      db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
