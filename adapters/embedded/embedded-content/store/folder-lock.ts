import { randomBytes } from "node:crypto";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";

export interface FolderLockOptions {
  /** A lock older than this was left by a process that died holding it, and is broken. Default 5 s (a write takes milliseconds). */
  readonly staleMs?: number;
  /** How long to wait for the lock before giving up with an error. Default 8 s: longer than staleMs, so a dead holder's lock never fails a write. */
  readonly waitMs?: number;
  readonly now?: () => number;
}

export class FolderLockTimeout extends Error {
  override readonly name = "FolderLockTimeout";
}

/**
 * Runs `work` while holding a lock file that every process on the same folder takes, whichever
 * machine it runs on: the file is created exclusively (O_EXCL, atomic on local disks and NFS v3+),
 * so two servers on one shared content folder write one after the other. The lock holds the
 * holder's token; it is removed only when it still holds that token.
 */
export async function withFolderLock<T>(path: string, work: () => Promise<T>, options: FolderLockOptions = {}): Promise<T> {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 5_000;
  const giveUpAt = now() + (options.waitMs ?? 8_000);
  const token = randomBytes(12).toString("hex");
  for (;;) {
    try {
      const handle = await open(path, "wx", 0o644);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    await breakIfStale(path, staleMs, now);
    if (now() >= giveUpAt) throw new FolderLockTimeout(`${path} is held by another process`);
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
  try {
    return await work();
  } finally {
    if ((await readFile(path, "utf8").catch(() => undefined)) === token) await unlink(path).catch(() => undefined);
  }
}

/**
 * Moves a dead holder's lock aside (a rename: of two processes breaking it, one wins) and drops
 * it. When what was moved is not the stale lock (another process broke that one and took the
 * lock meanwhile), it is put back.
 */
async function breakIfStale(path: string, staleMs: number, now: () => number): Promise<void> {
  const held = await stat(path).catch(() => undefined);
  if (!held || now() - held.mtimeMs < staleMs) return;
  const aside = `${path}.${randomBytes(6).toString("hex")}.stale`;
  try {
    await rename(path, aside);
  } catch {
    return; // another process broke it first, or its holder let it go
  }
  const moved = await stat(aside).catch(() => undefined);
  if (moved && moved.ino !== held.ino) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
