import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLeadsCli } from "../../../composition/leads-cli";

let folder: string;
let said: { out: string[]; error: string[] };
const output = { out: (text: string) => said.out.push(text), error: (text: string) => said.error.push(text) };

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "arena-leads-cli-"));
  said = { out: [], error: [] };
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe("runLeadsCli", () => {
  it("runs a command on the stores in DATA_DIR, as the server configures them", async () => {
    const env = { DATA_DIR: join(folder, "data"), LEADS_RETENTION_MONTHS: "6" };
    expect(await runLeadsCli(["purge", "--dry-run"], env, output)).toBe(0);
    expect(said.out).toEqual([expect.stringMatching(/^Would delete 0 submissions sent before \S+Z, 0 CVs of theirs and 0 abandoned uploads$/)]);
    expect(await runLeadsCli(["export", "--type", "contact", "--since", "2026-01-01", "--until", "2026-01-31", "--out", join(folder, "out")], env, output)).toBe(0);
    expect(await readdir(join(folder, "out"))).toEqual(["leads-contact-2026-01-01-2026-01-31.csv"]);
    expect(said.error).toEqual([]);
  });

  it("answers bad arguments with the reason and the usage, exit code 2, and touches nothing", async () => {
    expect(await runLeadsCli(["export", "--type", "tickets"], { DATA_DIR: join(folder, "data") }, output)).toBe(2);
    expect(said.error).toHaveLength(1);
    expect(said.error[0]).toMatch(/^--type must be one of .+, not "tickets"\n\nUsage:\n {2}npm run leads:export -- --type/);
    expect(said.error[0]).not.toMatch(/\bat .+:\d+:\d+/);
    expect(await readdir(folder)).toEqual([]);
  });

  it("answers a bad setting with the variable's name, exit code 2", async () => {
    expect(await runLeadsCli(["purge"], { DATA_DIR: join(folder, "data"), LEADS_RETENTION_MONTHS: "0" }, output)).toBe(2);
    expect(said.error).toEqual([expect.stringContaining("LEADS_RETENTION_MONTHS=0 is not valid")]);
  });
});
