import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FolderLockTimeout, withFolderLock } from "../../../../../../adapters/embedded/embedded-content/store/folder-lock";

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-lock-"));
  lock = join(dir, ".writes.lock");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("folder lock", () => {
  it("runs the holders one after the other, never two at once, and leaves no lock behind", async () => {
    const held: string[] = [];
    const hold = (name: string) =>
      withFolderLock(lock, async () => {
        held.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        held.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([hold("a"), hold("b"), hold("c")])).toEqual(["a", "b", "c"]);
    for (let turn = 0; turn < held.length; turn += 2) expect(held[turn + 1]).toBe(held[turn]!.replace(" in", " out"));
    expect(existsSync(lock)).toBe(false);
  });

  it("lets go of the lock when the work fails", async () => {
    await expect(withFolderLock(lock, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(existsSync(lock)).toBe(false);
  });

  it("gives up on a lock that a live holder keeps, and leaves that lock alone", async () => {
    writeFileSync(lock, "a live server's token");
    await expect(withFolderLock(lock, () => Promise.resolve("never"), { waitMs: 50 })).rejects.toBeInstanceOf(FolderLockTimeout);
    expect(existsSync(lock)).toBe(true);
  });
});
