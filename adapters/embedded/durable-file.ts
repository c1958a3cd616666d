import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** The suffix of a file being written; readers skip it, and a crash may leave one behind. */
export const WRITING_SUFFIX = ".writing";

/**
 * Writes a file whole or not at all: the bytes go to a temporary file beside it (flushed to disk)
 * that then replaces it in one rename. A crash at any point leaves the previous file as it was;
 * call syncDirectory once the renames are done to make the new names durable too.
 */
export async function writeFileDurably(path: string, bytes: Uint8Array, mode = 0o600): Promise<void> {
  // A dot file with its own suffix: readers of `*.json` never see it.
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}${WRITING_SUFFIX}`);
  const handle = await open(temporary, "wx", mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Makes the renames in `directory` durable: without it a crash may lose a name, though not its bytes. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
