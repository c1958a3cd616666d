import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { groupCommitOf } from "../../../../../adapters/embedded/database/group-commit";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";

let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  db = openDatabase(dir, { migrations: [{ version: 1, name: "a table", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;" }] });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (text: string) => () => db.prepare("INSERT INTO note (text) VALUES (?)").run(text).lastInsertRowid;

describe("group commit", () => {
  it("commits the writes of one turn in one transaction, each resolved once another connection can read it", async () => {
    // SQLite's data_version changes on another connection's commit: it counts commits seen from outside.
    const other = openDatabase(dir, { migrations: [{ version: 1, name: "a table", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;" }] });
    const before = other.pragma("data_version", { simple: true }) as number;
    const seen = await Promise.all(
      ["a", "b", "c"].map((text) => groupCommitOf(db).write(insert(text)).then(() => (other.prepare("SELECT count(*) AS n FROM note").get() as { n: number }).n)),
    );
    // Each write resolved after the commit: the other connection saw all three every time.
    expect(seen).toEqual([3, 3, 3]);
    expect(other.prepare("SELECT text FROM note ORDER BY id").all()).toEqual([{ text: "a" }, { text: "b" }, { text: "c" }]);
    expect((other.pragma("data_version", { simple: true }) as number) - before).toBe(1);
    other.close();
  });

  it("rolls a failing write back alone, rejecting it, while the others commit", async () => {
    const commit = groupCommitOf(db);
    const [first, duplicate, last] = await Promise.allSettled([
      commit.write(insert("x")),
      commit.write(() => {
        insert("y")();
        return insert("x")(); // UNIQUE: this write's own "y" goes too
      }),
      commit.write(insert("z")),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(duplicate.status).toBe("rejected");
    expect(last.status).toBe("fulfilled");
    expect(db.prepare("SELECT text FROM note ORDER BY id").all()).toEqual([{ text: "x" }, { text: "z" }]);
  });

  it("waits for another connection's write lock without stopping the event loop, then commits first in line (issue 51)", async () => {
    const other = openDatabase(dir, { migrations: [{ version: 1, name: "a table", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;" }] });
    // Another process's writer, as SQLite sees it: it holds the write lock until it commits.
    other.exec("BEGIN IMMEDIATE");
    other.prepare("INSERT INTO note (text) VALUES (?)").run("theirs");
    const commit = groupCommitOf(db);
    const first = commit.write(insert("first"));
    // The loop goes on turning while the batch waits (SQLite's own wait would freeze it, and this
    // connection's holder could never commit).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = commit.write(insert("second"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    other.exec("COMMIT");
    await Promise.all([first, second]);
    expect(db.prepare("SELECT text FROM note ORDER BY id").all()).toEqual([{ text: "theirs" }, { text: "first" }, { text: "second" }]);
    other.close();
  });

  it("is one per connection", () => {
    expect(groupCommitOf(db)).toBe(groupCommitOf(db));
  });
});
