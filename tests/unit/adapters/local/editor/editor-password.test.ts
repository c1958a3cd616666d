import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EDITOR_PASSWORD_FILE, editorPassword } from "../../../../../adapters/local/editor/editor-password";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "arena-editor-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the editor's password", () => {
  it("is EDITOR_PASSWORD when set, and nothing is written", async () => {
    const announced: string[] = [];
    const password = editorPassword({ configured: "Correct-Horse-Battery-9", dataDir, announce: (generated) => announced.push(generated) });
    expect(await password.matches("Correct-Horse-Battery-9")).toBe(true);
    expect(await password.matches("correct-horse-battery-9")).toBe(false);
    expect(await password.matches("")).toBe(false);
    await password.ready;
    expect(announced).toEqual([]);
  });

  it("is generated at the first start when none is set, printed once, and only its argon2id hash kept", async () => {
    const announced: string[] = [];
    const first = editorPassword({ configured: undefined, dataDir, announce: (generated) => announced.push(generated) });
    await first.ready;
    expect(announced).toHaveLength(1);
    const generated = announced[0]!;
    expect(generated.length).toBeGreaterThanOrEqual(24);
    expect(await first.matches(generated)).toBe(true);
    const file = join(dataDir, EDITOR_PASSWORD_FILE);
    expect(readFileSync(file, "utf8")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(readFileSync(file, "utf8")).not.toContain(generated);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restarted = editorPassword({ configured: undefined, dataDir, announce: (again) => announced.push(again) });
    await restarted.ready;
    expect(announced).toHaveLength(1);
    expect(await restarted.matches(generated)).toBe(true);
    expect(await restarted.matches("admin")).toBe(false);
  });
});
