import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskFiles } from "../../../../../adapters/embedded/files/disk-files.adapter";
import { createUnattachedFilesPurge } from "../../../../../adapters/embedded/files/unattached-files-purge";
import { UNATTACHED_FILE_MAX_AGE_MS, type FilesPort } from "../../../../../core";
import { manualClock, recordingLogger } from "../mail/support/mail-fixture";

const cv = { bytes: new TextEncoder().encode("%PDF-1.4\n"), contentType: "application/pdf", originalName: "cv.pdf", purpose: "cv" } as const;

let dataDir: string;
let clock: ReturnType<typeof manualClock>;
let files: FilesPort;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "arena-unattached-purge-"));
  clock = manualClock();
  files = createDiskFiles({ directory: join(dataDir, "files"), now: clock.now, unattachedLimit: 2 });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe("the server's purge of abandoned uploads", () => {
  it("deletes the uploads no form named once they are older than three hours, and their places free", async () => {
    const log = recordingLogger();
    const purge = createUnattachedFilesPurge({ files, logger: log.logger, now: clock.now });
    const named = await files.save(cv);
    await files.attach(named.id);
    const abandoned = await files.save(cv);
    clock.advance(UNATTACHED_FILE_MAX_AGE_MS - 1);
    const recent = await files.save(cv);
    expect(await purge.purgeDue()).toBe(0);

    clock.advance(2);
    purge.start();
    await purge.stop();

    expect(await files.read(abandoned.id)).toBeUndefined();
    expect(await files.read(named.id)).toBeDefined();
    expect(await files.read(recent.id)).toBeDefined();
    expect(log.lines()).toEqual([expect.objectContaining({ event: "files.unattached-purged", purged: 1 })]);
    // The abandoned upload's place is free again: the limit of two holds one (recent) and takes one more.
    await files.save(cv);
  });
});
