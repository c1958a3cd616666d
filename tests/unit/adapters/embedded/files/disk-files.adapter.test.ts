import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskFiles } from "../../../../../adapters/embedded/files/disk-files.adapter";

// What the contract cannot see: the layout on disk, its permissions, and what a crash leaves.

let dataDir: string;
let directory: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "arena-disk-files-"));
  directory = join(dataDir, "files");
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const cv = { bytes: new TextEncoder().encode("%PDF-1.4\n"), contentType: "application/pdf", originalName: "cv.pdf", purpose: "cv" } as const;

describe("createDiskFiles", () => {
  it("keeps each file as <id>.bin and <id>.json in its own folder, readable by the server's user only, with no temporary file left", async () => {
    const files = createDiskFiles({ directory });
    const saved = await files.save(cv);
    expect((await readdir(directory)).sort()).toEqual([`${saved.id}.bin`, `${saved.id}.json`, "unattached"].sort());
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    expect((await stat(join(directory, "unattached"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(directory, `${saved.id}.bin`))).mode & 0o777).toBe(0o600);
    expect((await stat(join(directory, `${saved.id}.json`))).mode & 0o777).toBe(0o600);
  });

  it("knows nothing of what a crash may leave: bytes without metadata, temporary files", async () => {
    const files = createDiskFiles({ directory });
    const saved = await files.save(cv);
    const orphan = "AAAAAAAAAAAAAAAAAAAAAA";
    await writeFile(join(directory, `${orphan}.bin`), "%PDF-1.4 half");
    await writeFile(join(directory, `${orphan}.json.0123456789ab.tmp`), '{"id":');
    expect(await files.read(orphan)).toBeUndefined();
    expect((await files.list({})).map((file) => file.id)).toEqual([saved.id]);
  });

  it("takes a place that a crash cut short for taken, and frees it at the next purge", async () => {
    const files = createDiskFiles({ directory, unattachedLimit: 1 });
    await files.purgeUnattached(0);
    await writeFile(join(directory, "unattached", "0.json"), '{"id":"AAAA', { mode: 0o600 });
    await expect(files.save(cv)).rejects.toThrow("unattached files are kept already");
    expect(await files.purgeUnattached(Date.now())).toBe(1);
    expect(await files.save(cv)).toMatchObject({ purpose: "cv" });
  });

  it("lists and reads nothing before the first file, without making its folder fail", async () => {
    const files = createDiskFiles({ directory });
    expect(await files.read("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
    expect(await files.list({})).toEqual([]);
  });
});
