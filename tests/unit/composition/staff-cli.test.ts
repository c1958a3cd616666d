import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../adapters/embedded/database/open-database";
import { createSqliteStaffAccess } from "../../../adapters/embedded/identity/sqlite-staff-access.adapter";
import { parseStaffGrant, runStaffGrantCli } from "../../../composition/staff-cli";

let folder: string;
let said: { out: string[]; error: string[] };
const output = { out: (text: string) => said.out.push(text), error: (text: string) => said.error.push(text) };

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "arena-staff-cli-"));
  said = { out: [], error: [] };
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe("npm run staff:grant", () => {
  it("reads an address and the events, every event when none is named", () => {
    expect(parseStaffGrant(["puerta@example.com"])).toEqual({ email: "puerta@example.com", events: "all" });
    expect(parseStaffGrant(["puerta@example.com", "--event", "uuid-1", "--event", "uuid-2"])).toEqual({ email: "puerta@example.com", events: ["uuid-1", "uuid-2"] });
    for (const bad of [[], ["--event", "uuid-1"], ["puerta@example.com", "--event"], ["puerta@example.com", "other@example.com"], ["puerta@example.com", "--all"], ["not-an-address"]]) expect(parseStaffGrant(bad)).toBeNull();
  });

  it("grants the embedded account in DATA_DIR, and says so; an unknown address is exit code 1, bad arguments 2", async () => {
    const dataDir = join(folder, "data");
    const db = openDatabase(dataDir);
    db.prepare(`INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt) VALUES ('uid-1', 'Puerta', 'puerta@example.com', 1, '2026-12-01', '2026-12-01')`).run();
    expect(await runStaffGrantCli(["puerta@example.com", "--event", "uuid-1"], { DATA_DIR: dataDir }, output)).toBe(0);
    expect(said.out).toEqual(["puerta@example.com is door staff for uuid-1."]);
    expect(await createSqliteStaffAccess(db).eventsOf("uid-1")).toEqual(["uuid-1"]);
    expect(await runStaffGrantCli(["nobody@example.com"], { DATA_DIR: dataDir }, output)).toBe(1);
    expect(said.error).toEqual(["No account has the address nobody@example.com: the person signs up first."]);
    expect(await runStaffGrantCli([], { DATA_DIR: dataDir }, output)).toBe(2);
    db.close();
  });
});
