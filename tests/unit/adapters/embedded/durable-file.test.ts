import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { WRITING_SUFFIX, writeFileDurably } from "../../../../adapters/embedded/durable-file";

const dir = mkdtempSync(join(tmpdir(), "arena-durable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two versions large enough that a write takes a while: a kill lands in the middle of most.
const versions = ["a", "b"].map((mark) => JSON.stringify({ mark, filler: mark.repeat(2_000_000) }));

describe("writeFileDurably", () => {
  it("replaces a file whole, leaving no temporary file behind", async () => {
    const path = join(dir, "story.json");
    writeFileSync(path, versions[0]!);
    await writeFileDurably(path, new TextEncoder().encode(versions[1]!));
    expect(readFileSync(path, "utf8")).toBe(versions[1]);
    expect(readdirSync(dir).filter((name) => name.startsWith(".story.json"))).toEqual([]);
  });

  it("leaves the last whole version when the process is killed while writing", { timeout: 60_000 }, async () => {
    // The module itself, in a process of its own that writes the two versions in turn until killed.
    const source = readFileSync(join(__dirname, "../../../../adapters/embedded/durable-file.ts"), "utf8");
    const module = join(dir, "durable-file.mjs");
    writeFileSync(module, ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const path = join(dir, "crash.json");
    writeFileSync(path, versions[0]!);
    writeFileSync(join(dir, "a.txt"), versions[0]!);
    writeFileSync(join(dir, "b.txt"), versions[1]!);
    const writer = `
      import { readFileSync } from "node:fs";
      import { writeFileDurably } from ${JSON.stringify(module)};
      const versions = [readFileSync(${JSON.stringify(join(dir, "a.txt"))}), readFileSync(${JSON.stringify(join(dir, "b.txt"))})];
      for (let i = 1; ; i += 1) await writeFileDurably(${JSON.stringify(path)}, versions[i % 2]);
    `;
    const killedWhileWriting = () => readdirSync(dir).filter((name) => name.startsWith(".crash.json")).length;
    // Until three kills have landed between a write's start and its rename (a temporary file is left).
    for (let round = 0; round < 60 && killedWhileWriting() < 3; round += 1) {
      const child = spawn(process.execPath, ["--input-type=module", "-e", writer], { stdio: "ignore" });
      await new Promise((resolve) => setTimeout(resolve, 40 + (round % 8) * 37));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      expect(versions).toContain(readFileSync(path, "utf8"));
    }
    // What a kill left behind is a temporary file that no reader of *.json picks up.
    expect(readdirSync(dir).filter((name) => name.endsWith(".json")).sort()).toEqual(["crash.json", "story.json"]);
    expect(killedWhileWriting()).toBeGreaterThanOrEqual(3);
    expect(readdirSync(dir).filter((name) => name.startsWith(".crash.json")).every((name) => name.endsWith(WRITING_SUFFIX))).toBe(true);
  });
});
