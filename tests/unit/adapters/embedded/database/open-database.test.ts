import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, type Migration } from "../../../../../adapters/embedded/database/migrations";
import { DATABASE_FILE, DatabaseError, openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";

let dataDir: string;
const opened: SqliteDatabase[] = [];

/** Opens and remembers the connection, so that every test closes what it opened. */
function open(...args: Parameters<typeof openDatabase>): SqliteDatabase {
  const db = openDatabase(...args);
  opened.push(db);
  return db;
}

const tables = (db: SqliteDatabase) =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
const userVersion = (db: SqliteDatabase) => db.pragma("user_version", { simple: true });

const profile = (uid: string) => ({
  uid,
  name: "Ana",
  surname: "García",
  phone: "+34 600 000 000",
  birthdate: "1990-05-17",
  address: "Carrer Major 1, València",
  preferred_locale: "val",
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
});
const insertProfile = (db: SqliteDatabase, uid: string) =>
  db
    .prepare("INSERT INTO user_profile VALUES (:uid, :name, :surname, :phone, :birthdate, :address, :preferred_locale, :created_at, :updated_at)")
    .run(profile(uid));
const uids = (db: SqliteDatabase) => (db.prepare("SELECT uid FROM user_profile ORDER BY uid").all() as { uid: string }[]).map((row) => row.uid);

beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), "arena-db-")), "data");
});

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  rmSync(join(dataDir, ".."), { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("creates DATA_DIR and arena.sqlite, in WAL mode with full sync, foreign keys and a busy timeout", () => {
    const db = open(dataDir);
    expect(db.name).toBe(join(dataDir, DATABASE_FILE));
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it("keeps DATA_DIR and the database's files (its WAL and shared memory too) to the server's user: they hold reset tokens and mails", () => {
    const db = open(dataDir);
    db.prepare("INSERT INTO user_profile VALUES (:uid, :name, :surname, :phone, :birthdate, :address, :preferred_locale, :created_at, :updated_at)").run(profile("u1"));
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) expect(modeOf(join(dataDir, name)), name).toBe(0o600);
  });

  it("makes private, when it opens them, a DATA_DIR and database files that an older release left readable by everyone", () => {
    mkdirSync(dataDir, { mode: 0o755 });
    const names = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];
    const before = open(dataDir);
    before.prepare("INSERT INTO user_profile VALUES (:uid, :name, :surname, :phone, :birthdate, :address, :preferred_locale, :created_at, :updated_at)").run(profile("u1"));
    chmodSync(dataDir, 0o755);
    for (const name of names) chmodSync(join(dataDir, name), 0o644);

    open(dataDir);

    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of names) expect(modeOf(join(dataDir, name)), name).toBe(0o600);
  });

  it("brings a new database to the newest schema: the account tables", () => {
    const db = open(dataDir);
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(expect.arrayContaining(["consent_change", "mail_outbox", "user_profile"]));
    expect(tables(db)).not.toContain("user_consent");
  });

  it("enforces the consent changes' reference to a profile and deletes them with it", () => {
    const db = open(dataDir);
    const change = db.prepare("INSERT INTO consent_change (uid, kind, accepted, at, text_version) VALUES (?, 'privacyPolicy', 1, 1700000000000, '2025-01')");
    expect(() => change.run("nobody")).toThrowError(/FOREIGN KEY/);
    insertProfile(db, "u1");
    change.run("u1");
    db.prepare("DELETE FROM user_profile WHERE uid = ?").run("u1");
    expect(db.prepare("SELECT count(*) AS n FROM consent_change").get()).toEqual({ n: 0 });
  });

  it("keeps consent changes to the three kinds, accepted or not", () => {
    const db = open(dataDir);
    insertProfile(db, "u1");
    const change = db.prepare("INSERT INTO consent_change (uid, kind, accepted, at, text_version) VALUES ('u1', ?, ?, 1700000000000, 'v1')");
    for (const kind of ["privacyPolicy", "communication", "marketing"]) for (const accepted of [0, 1]) change.run(kind, accepted);
    expect(() => change.run("privacy", 1)).toThrowError(/CHECK/);
    expect(() => change.run("marketing", 2)).toThrowError(/CHECK/);
  });

  it("keeps the outbox's status and parameters well-formed", () => {
    const db = open(dataDir);
    const insert = db.prepare(
      "INSERT INTO mail_outbox (id, to_address, locale, template, params_json, subject, html, text, status, next_attempt_at, created_at) VALUES (?, 'a@example.com', 'es', 'verifyEmail', ?, 's', '<p>h</p>', 't', ?, 1, 1)",
    );
    insert.run("m1", '{"link":"http://x"}', "pending");
    expect(() => insert.run("m2", "{}", "queued")).toThrowError(/CHECK/);
    expect(() => insert.run("m3", "not json", "pending")).toThrowError(/CHECK/);
    expect(db.prepare("SELECT status, attempts FROM mail_outbox").all()).toEqual([{ status: "pending", attempts: 0 }]);
  });

  it("runs each migration once: reopening keeps the rows and the version", () => {
    const first = open(dataDir);
    insertProfile(first, "u1");
    first.close();
    const again = open(dataDir);
    expect(userVersion(again)).toBe(MIGRATIONS.length);
    expect(uids(again)).toEqual(["u1"]);
  });

  it("applies only the steps a database has not had yet", () => {
    const create: Migration = { version: 1, name: "create", sql: "CREATE TABLE runs (step INTEGER NOT NULL)" };
    const record: Migration = { version: 2, name: "record", sql: "INSERT INTO runs VALUES (2)" };
    open(dataDir, { migrations: [create] }).close();
    open(dataDir, { migrations: [create, record] }).close();
    const db = open(dataDir, { migrations: [create, record] });
    expect(userVersion(db)).toBe(2);
    expect(db.prepare("SELECT step FROM runs").all()).toEqual([{ step: 2 }]);
  });

  it("rolls back the whole upgrade when a step fails", () => {
    const steps: Migration[] = [
      { version: 1, name: "good", sql: "CREATE TABLE kept (x INTEGER)" },
      { version: 2, name: "bad", sql: "CREATE TABLE broken (" },
    ];
    expect(() => open(dataDir, { migrations: steps })).toThrowError(/syntax error|incomplete input/);
    const db = new Database(join(dataDir, DATABASE_FILE));
    opened.push(db);
    expect(userVersion(db)).toBe(0);
    expect(tables(db)).not.toContain("kept");
  });

  it("refuses a list whose versions are not 1, 2, 3… in order", () => {
    const steps: Migration[] = [{ version: 2, name: "skipped one", sql: "SELECT 1" }];
    expect(() => open(dataDir, { migrations: steps })).toThrowError(DatabaseError);
  });

  it("lets two connections on one file see each other's committed rows, and only those", () => {
    const a = open(dataDir);
    const b = open(dataDir);
    insertProfile(a, "from-a");
    expect(uids(b)).toEqual(["from-a"]);
    insertProfile(b, "from-b");
    expect(uids(a)).toEqual(["from-a", "from-b"]);

    a.exec("BEGIN");
    insertProfile(a, "uncommitted");
    expect(uids(b)).toEqual(["from-a", "from-b"]);
    a.exec("COMMIT");
    expect(uids(b)).toEqual(["from-a", "from-b", "uncommitted"]);
  });

  it("refuses a database written by a newer release, and leaves it as it was", () => {
    open(dataDir).close();
    const future = MIGRATIONS.length + 1;
    const raw = new Database(join(dataDir, DATABASE_FILE));
    raw.pragma(`user_version = ${future}`);
    raw.close();

    expect(() => open(dataDir)).toThrowError(DatabaseError);
    expect(() => open(dataDir)).toThrowError(`has schema version ${future}, but this code knows versions up to ${MIGRATIONS.length}`);
    const check = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    opened.push(check);
    expect(userVersion(check)).toBe(future);
  });

  it("opens a private, migrated in-memory database for ':memory:'", () => {
    const one = open(":memory:");
    const two = open(":memory:");
    expect(one.memory).toBe(true);
    expect(userVersion(one)).toBe(MIGRATIONS.length);
    insertProfile(one, "u1");
    expect(uids(two)).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("migration 4: profiles completed later, consents given and withdrawn", () => {
  const VERSION_3 = MIGRATIONS.slice(0, 3);

  /** A database as release 3 left it: two profiles, one with a text accepted in two versions. */
  function version3WithRows(consents: readonly [uid: string, kind: string, textVersion: string, acceptedAt: number][]): void {
    const v3 = open(dataDir, { migrations: VERSION_3 });
    insertProfile(v3, "u1");
    insertProfile(v3, "u2");
    const insert = v3.prepare("INSERT INTO user_consent (uid, kind, text_version, accepted_at) VALUES (?, ?, ?, ?)");
    for (const consent of consents) insert.run(...consent);
    v3.close();
  }

  const everyProfile = (db: SqliteDatabase) => db.prepare("SELECT * FROM user_profile ORDER BY uid").all();

  it("keeps every profile and turns every consent into a change that gave it, in time order", () => {
    version3WithRows([
      ["u1", "privacyPolicy", "2024-06", 1_700_000_300_000],
      ["u1", "privacyPolicy", "2023-01", 1_700_000_000_000],
      ["u1", "marketing", "m-1", 1_700_000_100_000],
      ["u2", "communication", "c-1", 1_700_000_200_000],
    ]);

    const db = open(dataDir);
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    expect(everyProfile(db)).toEqual([profile("u1"), profile("u2")]);
    expect(db.prepare("SELECT uid, kind, accepted, at, text_version FROM consent_change ORDER BY id").all()).toEqual([
      { uid: "u1", kind: "privacyPolicy", accepted: 1, at: 1_700_000_000_000, text_version: "2023-01" },
      { uid: "u1", kind: "marketing", accepted: 1, at: 1_700_000_100_000, text_version: "m-1" },
      { uid: "u2", kind: "communication", accepted: 1, at: 1_700_000_200_000, text_version: "c-1" },
      { uid: "u1", kind: "privacyPolicy", accepted: 1, at: 1_700_000_300_000, text_version: "2024-06" },
    ]);
    expect(tables(db).filter((name) => name.startsWith("user_consent") || name.endsWith("_v4"))).toEqual([]);
    expect(db.pragma("foreign_key_check")).toEqual([]);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("lets a migrated profile lose its phone, birthdate and address, and its changes go with it", () => {
    version3WithRows([["u1", "privacyPolicy", "2023-01", 1_700_000_000_000]]);
    const db = open(dataDir);

    db.prepare("UPDATE user_profile SET phone = NULL, birthdate = NULL, address = NULL WHERE uid = 'u1'").run();
    expect(db.prepare("SELECT phone, birthdate, address FROM user_profile WHERE uid = 'u1'").get()).toEqual({ phone: null, birthdate: null, address: null });
    db.prepare("DELETE FROM user_profile WHERE uid = 'u1'").run();
    expect(db.prepare("SELECT count(*) AS n FROM consent_change").get()).toEqual({ n: 0 });
  });

  it("refuses a consent of a kind it does not know, and leaves the version-3 database as it was", () => {
    version3WithRows([
      ["u1", "privacyPolicy", "2023-01", 1_700_000_000_000],
      ["u2", "privacy", "2023-01", 1_700_000_000_000],
    ]);

    expect(() => open(dataDir)).toThrowError(/CHECK/);
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    opened.push(db);
    expect(userVersion(db)).toBe(3);
    expect(everyProfile(db)).toEqual([profile("u1"), profile("u2")]);
    expect(db.prepare("SELECT uid, kind FROM user_consent ORDER BY uid").all()).toEqual([
      { uid: "u1", kind: "privacyPolicy" },
      { uid: "u2", kind: "privacy" },
    ]);
    expect(tables(db)).not.toContain("consent_change");
  });
});
