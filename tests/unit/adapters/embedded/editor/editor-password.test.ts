import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EDITOR_GENERATED_PASSWORD_FILE, EDITOR_PASSWORD_FILE, editorPassword, type GeneratedPasswordNotice } from "../../../../../adapters/embedded/editor/editor-password";

const SECRET = "the-site-secret-of-enough-length";
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "arena-editor-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the editor's password", () => {
  it("is EDITOR_PASSWORD when set, and nothing is written", async () => {
    const announced: GeneratedPasswordNotice[] = [];
    const password = editorPassword({ configured: "Correct-Horse-Battery-9", dataDir, secret: SECRET, announce: (notice) => announced.push(notice) });
    expect(await password.matches("Correct-Horse-Battery-9")).toBe(true);
    expect(await password.matches("correct-horse-battery-9")).toBe(false);
    expect(await password.matches("")).toBe(false);
    await password.ready;
    expect(announced).toEqual([]);
  });

  it("is generated at the first start when none is set, announced once, and only its argon2id hash kept", async () => {
    const announced: GeneratedPasswordNotice[] = [];
    const first = editorPassword({ configured: undefined, dataDir, secret: SECRET, announce: (notice) => announced.push(notice) });
    await first.ready;
    expect(announced).toHaveLength(1);
    const notice = announced[0]!;
    if (!("password" in notice)) throw new Error("outside production the password itself is announced");
    const generated = notice.password;
    expect(generated.length).toBeGreaterThanOrEqual(24);
    expect(await first.matches(generated)).toBe(true);
    const file = join(dataDir, EDITOR_PASSWORD_FILE);
    expect(notice.hashFile).toBe(file);
    expect(readFileSync(file, "utf8")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(readFileSync(file, "utf8")).not.toContain(generated);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restarted = editorPassword({ configured: undefined, dataDir, secret: SECRET, announce: (again) => announced.push(again) });
    await restarted.ready;
    expect(announced).toHaveLength(1);
    expect(await restarted.matches(generated)).toBe(true);
    expect(await restarted.matches("admin")).toBe(false);
  });

  it("in production, is written to a 0600 file beside its hash, and only the file is named (issue 48 item 11)", async () => {
    const announced: GeneratedPasswordNotice[] = [];
    const password = editorPassword({ configured: undefined, dataDir, secret: SECRET, keepGeneratedInFile: true, announce: (notice) => announced.push(notice) });
    await password.ready;
    const passwordFile = join(dataDir, EDITOR_GENERATED_PASSWORD_FILE);
    expect(announced).toEqual([{ passwordFile, hashFile: join(dataDir, EDITOR_PASSWORD_FILE) }]);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(await password.matches(readFileSync(passwordFile, "utf8").trim())).toBe(true);
  });

  it("has one fingerprint in every process for one password, and another for another", async () => {
    const fingerprintOf = async (configured: string | undefined, directory = dataDir) => {
      const password = editorPassword({ configured, dataDir: directory, secret: SECRET, announce: () => {} });
      expect(password.fingerprint()).toBeUndefined();
      await password.ready;
      return password.fingerprint();
    };
    const configured = await fingerprintOf("Correct-Horse-Battery-9");
    expect(configured).toMatch(/^[\w-]{43}$/);
    expect(await fingerprintOf("Correct-Horse-Battery-9")).toBe(configured);
    expect(await fingerprintOf("Correct-Horse-Battery-10")).not.toBe(configured);
    const generated = await fingerprintOf(undefined);
    expect(await fingerprintOf(undefined)).toBe(generated);
    // A new hash file (the old one deleted, a new password generated) is another password.
    rmSync(join(dataDir, EDITOR_PASSWORD_FILE));
    expect(await fingerprintOf(undefined)).not.toBe(generated);
  });
});
