import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchContentStore, type LiveContentStore } from "../../../../../../adapters/local/embedded-content/store/live-content-store";

const FILE = "stories/1000001/legal-notice_9a70e45a-726c-4b57-885c-d507ef458069.json";

let dir: string;
let live: LiveContentStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-live-"));
  for (const folder of ["stories", "published"]) cpSync(join("content", folder), join(dir, folder), { recursive: true });
  live = watchContentStore(dir, { settleMs: 20 });
});
afterEach(() => {
  live.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What another process on the same folder does: rewrites a story, newer. */
function editOnDisk(title: string, updatedAt: string) {
  const story = JSON.parse(readFileSync(join(dir, FILE), "utf8")) as { content: { title: string }; updated_at: string };
  writeFileSync(join(dir, FILE), JSON.stringify({ ...story, content: { ...story.content, title }, updated_at: updatedAt }, null, 2));
}

describe("live content store", () => {
  it("serves what another process writes to the folder, without a restart, and says so", async () => {
    const before = live.current();
    const changed = new Promise((resolve) => live.onChange(resolve));
    editOnDisk("Aviso legal (otro proceso)", "2030-01-01T00:00:00.000Z");
    await changed;
    const after = live.current();
    expect(after).not.toBe(before);
    expect(after.cv).toBe(Date.parse("2030-01-01T00:00:00.000Z") / 1000);
    expect((after.contentOf(after.byUuid("9a70e45a-726c-4b57-885c-d507ef458069")!, "draft") as { title: string }).title).toBe("Aviso legal (otro proceso)");
  });

  it("reloads at once when told (this process wrote), and ignores files being written", async () => {
    writeFileSync(join(dir, "stories/1000001/.legal-notice.json.abc.writing"), "{ half a sto");
    editOnDisk("Aviso legal (este proceso)", "2031-01-01T00:00:00.000Z");
    expect(live.reload()).toBe(true);
    expect(live.current().cv).toBe(Date.parse("2031-01-01T00:00:00.000Z") / 1000);
    expect(live.current().problems).toEqual([]);
    // The folder's own events for that write come after: nothing is read twice.
    const read = live.current();
    expect(live.reload()).toBe(false);
    expect(live.current()).toBe(read);
  });

  it("keeps the last good stories when the folder cannot be read", async () => {
    const problems: string[] = [];
    const watched = watchContentStore(dir, { settleMs: 20, onProblem: (problem) => problems.push(problem) });
    const good = watched.current();
    rmSync(join(dir, "stories"), { recursive: true });
    expect(watched.reload()).toBe(true);
    expect(watched.current()).toBe(good);
    expect(problems[0]).toMatch(/last good stories are served/);
    watched.close();
  });
});
