import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchContentStore, type LiveContentStore } from "../../../../../../adapters/embedded/embedded-content/store/live-content-store";

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
    expect(after.contentVersion).not.toBe(before.contentVersion);
    expect((after.contentOf(after.byUuid("9a70e45a-726c-4b57-885c-d507ef458069")!, "draft") as { title: string }).title).toBe("Aviso legal (otro proceso)");
  });

  it("reloads at once when told (this process wrote), and ignores files being written", async () => {
    writeFileSync(join(dir, "stories/1000001/.legal-notice.json.abc.writing"), "{ half a sto");
    const before = live.current().contentVersion;
    editOnDisk("Aviso legal (este proceso)", "2031-01-01T00:00:00.000Z");
    expect(live.reload()).toBe(true);
    expect(live.current().contentVersion).not.toBe(before);
    expect(live.current().problems).toEqual([]);
    // The folder's own events for that write come after: nothing is read twice.
    const read = live.current();
    expect(live.reload()).toBe(false);
    expect(live.current()).toBe(read);
  });

  it("sees another machine's write by looking at the folder, where no event would tell of it", async () => {
    // Events that never settle in time stand for a network folder's silence: only the look can see the write.
    const elsewhere = watchContentStore(dir, { settleMs: 60_000, pollMs: 20 });
    try {
      const seen = new Promise((resolve) => elsewhere.onChange(resolve));
      editOnDisk("Aviso legal (otra máquina)", "2026-01-01T00:00:00.000Z");
      await seen;
      const story = elsewhere.current().byUuid("9a70e45a-726c-4b57-885c-d507ef458069")!;
      expect((elsewhere.current().contentOf(story, "draft") as { title: string }).title).toBe("Aviso legal (otra máquina)");
    } finally {
      elsewhere.close();
    }
  }, 2_000);

  it("gives an edit that keeps every timestamp a new content version", async () => {
    const story = JSON.parse(readFileSync(join(dir, FILE), "utf8")) as { updated_at: string };
    const before = live.current().contentVersion;
    editOnDisk("Aviso legal (sin fecha nueva)", story.updated_at);
    expect(live.reload()).toBe(true);
    expect(live.current().contentVersion).not.toBe(before);
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
