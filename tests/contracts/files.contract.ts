import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStoredFileId, type FilesPort, type NewStoredFile } from "../../core";

/*
 * The files port's contract (core/ports/files.port.ts), checked through the port only. A runner
 * supplies the store: the disk (embedded) or Firebase Storage (production), on the clock the
 * suite gives it. Every test looks only at the files it saved, so a store shared between runs
 * (an emulator's bucket) needs no cleaning.
 */

export interface FilesFixture {
  readonly port: FilesPort;
  close(): Promise<void>;
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

export function filesContract(name: string, makeFixture: (clock: { now: () => number }) => Promise<FilesFixture>, options: ContractOptions = {}): void {
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
      fixture = await makeFixture({ now: () => now });
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
}
