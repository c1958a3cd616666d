import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDiskFiles } from "../../adapters/embedded/files/disk-files.adapter";
import { filesContract } from "./files.contract";

// The embedded store, in a folder of its own as the site lays it out (<DATA_DIR>/files).

filesContract("The disk's files", async (settings) => {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-files-contract-"));
  const open = () => createDiskFiles({ directory: join(dataDir, "files"), ...settings });
  return {
    port: open(),
    another: open,
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
});
