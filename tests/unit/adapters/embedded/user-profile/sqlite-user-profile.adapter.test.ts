import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../../../../adapters/embedded/database/migrations";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import type { UserProfile } from "../../../../../core";

let dir: string | undefined;
const opened: SqliteDatabase[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A new connection to this test's database file, as another process would open it. */
function connect(migrations = MIGRATIONS): SqliteDatabase {
  dir ??= mkdtempSync(join(tmpdir(), "arena-profiles-"));
  const db = openDatabase(join(dir, "data"), { migrations });
  opened.push(db);
  return db;
}

function store() {
  const db = connect();
  return { db, profiles: createSqliteUserProfiles(db) };
}

const ana: UserProfile = {
  uid: "uid-ana",
  name: "Ana",
  surname: "García",
  phone: "+34 600 000 000",
  birthdate: "1990-05-17",
  address: "Carrer Major 1, València",
  preferredLanguage: "val",
  consents: { privacyPolicy: { acceptedAt: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" } },
  updatedAt: "2030-01-15T10:00:00.000Z",
};

const bob: UserProfile = {
  uid: "uid-bob",
  name: "Bob",
  surname: "Smith",
  phone: null,
  birthdate: null,
  address: null,
  preferredLanguage: "en",
  consents: {
    privacyPolicy: { acceptedAt: "2030-02-01T08:00:00.000Z", textVersion: "2030-01" },
    marketing: { acceptedAt: "2030-02-01T08:00:00.000Z", textVersion: "m-1" },
  },
  updatedAt: "2030-02-01T08:00:00.000Z",
};

/** How many rows of each table still mention the user. */
const rowsOf = (db: SqliteDatabase, uid: string) => ({
  profiles: (db.prepare("SELECT count(*) AS n FROM user_profile WHERE uid = ?").get(uid) as { n: number }).n,
  consentChanges: (db.prepare("SELECT count(*) AS n FROM consent_change WHERE uid = ?").get(uid) as { n: number }).n,
});

describe("createSqliteUserProfiles", () => {
  it("knows nothing of a user it has never stored", async () => {
    const { profiles } = store();
    expect(await profiles.get("nobody")).toBeNull();
    expect(await profiles.export("nobody")).toBeNull();
  });

  it("gives back a stored profile as it was written, from another connection too", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    expect(await profiles.get(ana.uid)).toEqual(ana);
    expect(await createSqliteUserProfiles(connect()).get(ana.uid)).toEqual(ana);
  });

  it("keeps an unknown phone, birthdate and address as null until the user completes them", async () => {
    const { profiles } = store();
    const incomplete: UserProfile = { ...ana, phone: null, birthdate: null, address: null };
    await profiles.upsert(incomplete);
    expect(await profiles.get(ana.uid)).toEqual(incomplete);

    const completed: UserProfile = { ...ana, updatedAt: "2030-01-16T09:30:00.000Z" };
    await profiles.upsert(completed);
    expect(await profiles.get(ana.uid)).toEqual(completed);
  });

  it("replaces the record on each write, keeping the consent history when the consents do not change", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    const renamed: UserProfile = { ...ana, name: "Anna", preferredLanguage: "es", updatedAt: "2030-03-01T12:00:00.000Z" };
    await profiles.upsert(renamed);

    expect(await profiles.get(ana.uid)).toEqual(renamed);
    expect((await profiles.export(ana.uid))?.consentHistory).toEqual([
      { kind: "privacyPolicy", accepted: true, at: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" },
    ]);
  });

  it("records a consent given, withdrawn and given again, each with its date and text version", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    const given: UserProfile = {
      ...ana,
      consents: { ...ana.consents, marketing: { acceptedAt: "2030-02-01T09:00:00.000Z", textVersion: "m-1" } },
      updatedAt: "2030-02-01T09:00:00.000Z",
    };
    await profiles.upsert(given);
    expect((await profiles.get(ana.uid))?.consents.marketing).toEqual({ acceptedAt: "2030-02-01T09:00:00.000Z", textVersion: "m-1" });

    const withdrawn: UserProfile = { ...ana, updatedAt: "2030-03-10T18:45:00.000Z" };
    await profiles.upsert(withdrawn);
    expect((await profiles.get(ana.uid))?.consents).toEqual(ana.consents);

    const givenAgain: UserProfile = {
      ...ana,
      consents: { ...ana.consents, marketing: { acceptedAt: "2030-04-02T07:15:00.000Z", textVersion: "m-2" } },
      updatedAt: "2030-04-02T07:15:00.000Z",
    };
    await profiles.upsert(givenAgain);
    expect(await profiles.get(ana.uid)).toEqual(givenAgain);

    expect((await profiles.export(ana.uid))?.consentHistory).toEqual([
      { kind: "privacyPolicy", accepted: true, at: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" },
      { kind: "marketing", accepted: true, at: "2030-02-01T09:00:00.000Z", textVersion: "m-1" },
      { kind: "marketing", accepted: false, at: "2030-03-10T18:45:00.000Z", textVersion: "m-1" },
      { kind: "marketing", accepted: true, at: "2030-04-02T07:15:00.000Z", textVersion: "m-2" },
    ]);
  });

  it("records the acceptance of a new version of a text that stays in force", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    const newVersion = { acceptedAt: "2030-06-01T00:00:00.000Z", textVersion: "2030-06" };
    await profiles.upsert({ ...ana, consents: { privacyPolicy: newVersion }, updatedAt: newVersion.acceptedAt });

    expect((await profiles.get(ana.uid))?.consents).toEqual({ privacyPolicy: newVersion });
    expect((await profiles.export(ana.uid))?.consentHistory.map((change) => change.textVersion)).toEqual(["2030-01", "2030-06"]);
  });

  it("exports the profile with its whole consent history, oldest first", async () => {
    const { profiles } = store();
    await profiles.upsert(bob);
    const withdrawn: UserProfile = { ...bob, consents: { privacyPolicy: bob.consents.privacyPolicy }, updatedAt: "2030-02-20T20:00:00.000Z" };
    await profiles.upsert(withdrawn);

    expect(await profiles.export(bob.uid)).toEqual({
      profile: withdrawn,
      consentHistory: [
        { kind: "privacyPolicy", accepted: true, at: "2030-02-01T08:00:00.000Z", textVersion: "2030-01" },
        { kind: "marketing", accepted: true, at: "2030-02-01T08:00:00.000Z", textVersion: "m-1" },
        { kind: "marketing", accepted: false, at: "2030-02-20T20:00:00.000Z", textVersion: "m-1" },
      ],
    });
  });

  it("deletes the profile and its consent history, leaving no row behind", async () => {
    const { db, profiles } = store();
    await profiles.upsert(ana);
    await profiles.upsert({ ...ana, consents: {}, updatedAt: "2030-02-01T00:00:00.000Z" });
    expect(rowsOf(db, ana.uid)).toEqual({ profiles: 1, consentChanges: 2 });

    await profiles.delete(ana.uid);
    expect(rowsOf(db, ana.uid)).toEqual({ profiles: 0, consentChanges: 0 });
    expect(await profiles.get(ana.uid)).toBeNull();
    expect(await profiles.export(ana.uid)).toBeNull();
    await expect(profiles.delete(ana.uid)).resolves.toBeUndefined();
  });

  it("starts afresh when a deleted user signs up again: no consent of the old record comes back", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    await profiles.delete(ana.uid);
    const fresh: UserProfile = { ...ana, consents: {}, updatedAt: "2030-05-05T05:05:05.000Z" };
    await profiles.upsert(fresh);

    expect(await profiles.get(ana.uid)).toEqual(fresh);
    expect((await profiles.export(ana.uid))?.consentHistory).toEqual([]);
  });

  it("never shows one user another's profile or consents, and changes only the user it is given", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    await profiles.upsert(bob);
    await profiles.upsert({ ...ana, consents: {}, updatedAt: "2030-03-01T00:00:00.000Z" });

    expect(await profiles.get(bob.uid)).toEqual(bob);
    expect((await profiles.export(bob.uid))?.consentHistory.map((change) => [change.kind, change.accepted])).toEqual([
      ["privacyPolicy", true],
      ["marketing", true],
    ]);
    expect((await profiles.export(ana.uid))?.consentHistory.every((change) => change.kind === "privacyPolicy")).toBe(true);

    await profiles.delete(ana.uid);
    expect(await profiles.get(bob.uid)).toEqual(bob);
    expect((await profiles.export(bob.uid))?.profile).toEqual(bob);
  });

  it("refuses a time that is not an instant, and writes nothing of that call", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    await expect(profiles.upsert({ ...ana, name: "Changed", updatedAt: "yesterday" })).rejects.toThrowError(/updatedAt/);
    await expect(
      profiles.upsert({ ...ana, name: "Changed", consents: { marketing: { acceptedAt: "soon", textVersion: "m-1" } } }),
    ).rejects.toThrowError(/consents\.marketing\.acceptedAt/);
    expect(await profiles.get(ana.uid)).toEqual(ana);
  });

  it("refuses a consent of a kind it does not know, and writes nothing of that call", async () => {
    const { profiles } = store();
    await profiles.upsert(ana);
    const newsletter = { acceptedAt: "2030-02-01T00:00:00.000Z", textVersion: "n-1" };
    const consents = { ...ana.consents, newsletter } as UserProfile["consents"];
    await expect(profiles.upsert({ ...ana, name: "Changed", consents })).rejects.toThrowError(/newsletter/);
    expect(await profiles.get(ana.uid)).toEqual(ana);
  });

  it("writes a profile and its consent changes together or not at all", async () => {
    const { db, profiles } = store();
    await profiles.upsert(ana);
    // A failure after the profile row is written: this connection can no longer record a change.
    db.exec("CREATE TEMP TRIGGER consent_change_fails BEFORE INSERT ON consent_change BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const withdrawn: UserProfile = { ...ana, name: "Changed", consents: {}, updatedAt: "2030-02-01T00:00:00.000Z" };
    await expect(profiles.upsert(withdrawn)).rejects.toThrowError(/disk full/);

    expect(await profiles.get(ana.uid)).toEqual(ana);
    expect(rowsOf(db, ana.uid)).toEqual({ profiles: 1, consentChanges: 1 });
  });

  it("records the changes of one write in a fixed order of kinds: the ones given, then the ones withdrawn", async () => {
    const { profiles } = store();
    const at = "2030-02-01T08:00:00.000Z";
    await profiles.upsert({ ...bob, consents: { marketing: { acceptedAt: at, textVersion: "m-1" }, communication: { acceptedAt: at, textVersion: "c-1" } } });
    const later = "2030-02-02T08:00:00.000Z";
    await profiles.upsert({ ...bob, consents: { privacyPolicy: { acceptedAt: later, textVersion: "p-1" } }, updatedAt: later });

    expect((await profiles.export(bob.uid))?.consentHistory.map((change) => [change.kind, change.accepted])).toEqual([
      ["communication", true],
      ["marketing", true],
      ["privacyPolicy", true],
      ["communication", false],
      ["marketing", false],
    ]);
  });

  it("reads a profile and its consents as a version-3 database kept them", async () => {
    const v3 = connect(MIGRATIONS.slice(0, 3));
    v3.prepare("INSERT INTO user_profile VALUES ('uid-old', 'Olga', 'Pérez', '+34 611 111 111', '1980-02-29', 'Calle Real 2', 'es', 1700000000000, 1700000500000)").run();
    const consent = v3.prepare("INSERT INTO user_consent (uid, kind, text_version, accepted_at) VALUES ('uid-old', ?, ?, ?)");
    consent.run("privacyPolicy", "2023-01", 1_700_000_000_000);
    consent.run("privacyPolicy", "2023-11", 1_700_000_400_000);
    consent.run("communication", "c-1", 1_700_000_000_000);
    v3.close();

    const profiles = createSqliteUserProfiles(connect());
    const migrated: UserProfile = {
      uid: "uid-old",
      name: "Olga",
      surname: "Pérez",
      phone: "+34 611 111 111",
      birthdate: "1980-02-29",
      address: "Calle Real 2",
      preferredLanguage: "es",
      consents: {
        privacyPolicy: { acceptedAt: new Date(1_700_000_400_000).toISOString(), textVersion: "2023-11" },
        communication: { acceptedAt: new Date(1_700_000_000_000).toISOString(), textVersion: "c-1" },
      },
      updatedAt: new Date(1_700_000_500_000).toISOString(),
    };
    expect(await profiles.get("uid-old")).toEqual(migrated);
    expect((await profiles.export("uid-old"))?.consentHistory.map((change) => [change.kind, change.textVersion, change.accepted])).toEqual([
      ["communication", "c-1", true],
      ["privacyPolicy", "2023-01", true],
      ["privacyPolicy", "2023-11", true],
    ]);
  });
});
