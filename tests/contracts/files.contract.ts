import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnattachedFilesFullError, isStoredFileId, type FilesPort, type NewStoredFile } from "../../core";

/*
 * The files port's contract (core/ports/files.port.ts), checked through the port only. A runner
 * supplies the store: the disk (embedded) or Firebase Storage (production), on the clock the
 * suite gives it. Every test looks only at the files it saved, so a store shared between runs
 * (an emulator's bucket) needs no cleaning.
 */

export interface FilesFixture {
  readonly port: FilesPort;
  /** Another store on the same files, as a second server process (or machine) opens it. */
  another(): FilesPort;
  close(): Promise<void>;
}

export interface FilesFixtureSettings {
  readonly now: () => number;
  /** How many unattached files the store keeps at most. */
  readonly unattachedLimit: number;
}

export interface ContractOptions {
  /** Why this runner cannot run here (its service cannot exist on this machine); printed, and the suite is skipped. */
  readonly skip?: string;
}

const PDF = "application/pdf";

/** Every byte value, so that no store can get away with treating the content as text. */
const EVERY_BYTE = Uint8Array.from({ length: 256 }, (_, value) => value);

function newFile(changes: Partial<NewStoredFile> = {}): NewStoredFile {
  return { bytes: new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n"), contentType: PDF, originalName: "cv.pdf", purpose: "cv", ...changes };
}

/** The general tests keep their files unattached: a limit they never reach. */
const ROOMY = 1000;

export function filesContract(name: string, makeFixture: (settings: FilesFixtureSettings) => Promise<FilesFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the files port's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the files port's contract`, () => {
    let fixture: FilesFixture;
    let port: FilesPort;
    let now = Date.UTC(2031, 2, 4, 5, 6, 7, 89);
    beforeAll(async () => {
      fixture = await makeFixture({ now: () => now, unattachedLimit: ROOMY });
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    it("gives back the bytes and what it was told of them, under an id of its own making", async () => {
      const saved = await port.save(newFile({ bytes: EVERY_BYTE, originalName: "Núria Martínez — CV.pdf" }));
      expect(isStoredFileId(saved.id)).toBe(true);
      expect(saved).toEqual({ id: saved.id, originalName: "Núria Martínez — CV.pdf", contentType: PDF, size: 256, storedAt: now, purpose: "cv" });
      const read = await port.read(saved.id);
      expect(read?.file).toEqual(saved);
      expect(read && [...read.bytes]).toEqual([...EVERY_BYTE]);
    });

    it("never takes the visitor's name as the file's name, nor lets it carry folders or hidden characters", async () => {
      const first = await port.save(newFile({ originalName: "../../../public/index.html" }));
      const second = await port.save(newFile({ originalName: "../../../public/index.html" }));
      expect(first.id).not.toBe(second.id);
      expect(first.originalName).toBe("index.pdf");
      const hidden = await port.save(newFile({ originalName: "C:\\Users\\ana\\cv\u202Efdp.exe\u0000" }));
      expect(hidden.originalName).toBe("cvfdp.pdf");
      expect((await port.read(hidden.id))?.file.originalName).toBe("cvfdp.pdf");
    });

    it("knows no file it did not save, and no id of another shape", async () => {
      const saved = await port.save(newFile());
      expect(await port.read("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
      for (const id of ["", "..", `../${saved.id}`, `${saved.id}/..`, `${saved.id}.json`, `${saved.id}.bin`, saved.id.slice(1), `${saved.id}A`, "%2e%2e%2fetc%2fpasswd"]) {
        expect(await port.read(id), id).toBeUndefined();
        await expect(port.delete(id)).resolves.toBeUndefined();
      }
      expect(await port.read(saved.id)).toBeDefined();
    });

    it("deletes a file for good, and takes a second delete calmly", async () => {
      const kept = await port.save(newFile());
      const deleted = await port.save(newFile());
      await port.delete(deleted.id);
      expect(await port.read(deleted.id)).toBeUndefined();
      expect((await port.list({})).map((file) => file.id)).not.toContain(deleted.id);
      await expect(port.delete(deleted.id)).resolves.toBeUndefined();
      expect(await port.read(kept.id)).toBeDefined();
    });

    it("lists files oldest first, and those stored before an instant for retention", async () => {
      now = Date.UTC(2032, 0, 1);
      const older = await port.save(newFile({ originalName: "older.pdf" }));
      now = Date.UTC(2032, 0, 2);
      const newer = await port.save(newFile({ originalName: "newer.pdf" }));
      const mine = (files: readonly { id: string }[]) => files.map((file) => file.id).filter((id) => id === older.id || id === newer.id);
      expect(mine(await port.list({}))).toEqual([older.id, newer.id]);
      expect(mine(await port.list({ storedBefore: Date.UTC(2032, 0, 2) }))).toEqual([older.id]);
      expect((await port.list({ storedBefore: Date.UTC(2032, 0, 2) })).find((file) => file.id === older.id)).toEqual(older);
      expect(mine(await port.list({ storedBefore: Date.UTC(2032, 0, 1) }))).toEqual([]);
    });
  });

  describe(`${name} keeps at most its limit of unattached files`, () => {
    const LIMIT = 3;
    let fixture: FilesFixture;
    let port: FilesPort;
    let now = Date.UTC(2033, 5, 1, 12);
    beforeAll(async () => {
      fixture = await makeFixture({ now: () => now, unattachedLimit: LIMIT });
      port = fixture.port;
    });
    afterAll(() => fixture?.close());
    /** Empties the store's places: every test starts with the whole limit free. */
    const freeAll = () => port.purgeUnattached(Number.POSITIVE_INFINITY);

    it("refuses a file past the limit, keeping nothing of it, and takes one again once a file is attached or deleted", async () => {
      await freeAll();
      const [first, second, third] = [await port.save(newFile()), await port.save(newFile()), await port.save(newFile())];
      const before = (await port.list({})).length;
      await expect(port.save(newFile())).rejects.toBeInstanceOf(UnattachedFilesFullError);
      expect((await port.list({})).length).toBe(before);
      expect(await port.attach(first!.id)).toBe(true);
      const fourth = await port.save(newFile());
      await expect(port.save(newFile())).rejects.toBeInstanceOf(UnattachedFilesFullError);
      await port.delete(second!.id);
      await port.save(newFile());
      await expect(port.save(newFile())).rejects.toBeInstanceOf(UnattachedFilesFullError);
      for (const id of [first!.id, third!.id, fourth.id]) expect(await port.read(id), id).toBeDefined();
    });

    it("attaches only files it has, and twice calmly", async () => {
      await freeAll();
      const saved = await port.save(newFile());
      expect(await port.attach(saved.id)).toBe(true);
      expect(await port.attach(saved.id)).toBe(true);
      expect(await port.attach("AAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
      expect(await port.attach("../etc/passwd")).toBe(false);
    });

    it("purges the unattached files stored before an instant, freeing their places, and leaves attached ones", async () => {
      await freeAll();
      now = Date.UTC(2033, 5, 2, 8);
      const attached = await port.save(newFile());
      await port.attach(attached.id);
      const abandoned = await port.save(newFile());
      now = Date.UTC(2033, 5, 2, 12);
      const recent = await port.save(newFile());
      await port.save(newFile());

      expect(await port.purgeUnattached(Date.UTC(2033, 5, 2, 11))).toBe(1);
      expect(await port.read(abandoned.id)).toBeUndefined();
      expect(await port.read(attached.id)).toBeDefined();
      expect(await port.read(recent.id)).toBeDefined();
      await port.save(newFile());
      await expect(port.save(newFile())).rejects.toBeInstanceOf(UnattachedFilesFullError);
    });

    it("holds the limit for uploads at once through two stores on the same files, as two server processes", { timeout: 30_000 }, async () => {
      await freeAll();
      const other = fixture.another();
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => (n % 2 === 0 ? port : other).save(newFile())));
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(LIMIT);
      for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(UnattachedFilesFullError);
    });
  });
}
