import { isLocaleCode, type Consent, type ConsentChange, type ConsentKind, type UserProfile, type UserProfilePort } from "../../../core";
import { instantOf as iso, millisOf as millis } from "../database/instants";
import type { SqliteDatabase } from "../database/open-database";

const CONSENT_KINDS = ["privacyPolicy", "communication", "marketing"] as const satisfies readonly ConsentKind[];

interface ProfileRow {
  readonly uid: string;
  readonly name: string;
  readonly surname: string;
  readonly phone: string | null;
  readonly birthdate: string | null;
  readonly address: string | null;
  readonly preferredLocale: string;
  readonly updatedAt: number;
}

interface ChangeRow {
  readonly kind: ConsentKind;
  readonly accepted: 0 | 1;
  readonly at: number;
  readonly textVersion: string;
}

/**
 * UserProfilePort on the embedded database (schema: migration 4). The consents in force are not
 * stored apart: each kind's latest recorded change is the one in force, so the history and the
 * profile cannot disagree. Times are kept as milliseconds and read back as ISO 8601 (UTC, with
 * milliseconds), the form the clock port gives.
 */
export function createSqliteUserProfiles(db: SqliteDatabase): UserProfilePort {
  const selectProfile = db.prepare<[string], ProfileRow>(`
    SELECT uid, name, surname, phone, birthdate, address, preferred_locale AS preferredLocale, updated_at AS updatedAt
    FROM user_profile WHERE uid = ?`);
  const selectInForce = db.prepare<[string], ChangeRow>(`
    SELECT kind, accepted, at, text_version AS textVersion FROM consent_change
    WHERE id IN (SELECT max(id) FROM consent_change WHERE uid = ? GROUP BY kind)`);
  // Recording order: with times from the clock port, that is oldest first.
  const selectHistory = db.prepare<[string], ChangeRow>(`
    SELECT kind, accepted, at, text_version AS textVersion FROM consent_change WHERE uid = ? ORDER BY id`);
  const upsertProfile = db.prepare(`
    INSERT INTO user_profile (uid, name, surname, phone, birthdate, address, preferred_locale, created_at, updated_at)
    VALUES (:uid, :name, :surname, :phone, :birthdate, :address, :preferredLocale, :updatedAt, :updatedAt)
    ON CONFLICT (uid) DO UPDATE SET
      name = excluded.name, surname = excluded.surname, phone = excluded.phone, birthdate = excluded.birthdate,
      address = excluded.address, preferred_locale = excluded.preferred_locale, updated_at = excluded.updated_at`);
  const insertChange = db.prepare(`
    INSERT INTO consent_change (uid, kind, accepted, at, text_version) VALUES (:uid, :kind, :accepted, :at, :textVersion)`);
  // The cascade would do it; saying it keeps 'nothing remains' true whatever the connection's pragmas.
  const deleteChanges = db.prepare(`DELETE FROM consent_change WHERE uid = ?`);
  const deleteProfile = db.prepare(`DELETE FROM user_profile WHERE uid = ?`);

  const consentsInForce = (uid: string): Map<ConsentKind, ChangeRow> =>
    new Map(selectInForce.all(uid).filter((row) => row.accepted === 1).map((row) => [row.kind, row]));

  const read = (uid: string): UserProfile | null => {
    const row = selectProfile.get(uid);
    if (!row) return null;
    if (!isLocaleCode(row.preferredLocale)) throw new Error(`The profile of ${uid} has an unknown preferred locale "${row.preferredLocale}"`);
    const consents: Partial<Record<ConsentKind, Consent>> = {};
    for (const [kind, change] of consentsInForce(uid)) consents[kind] = { acceptedAt: iso(change.at), textVersion: change.textVersion };
    const { preferredLocale, updatedAt, ...fields } = row;
    return { ...fields, preferredLanguage: preferredLocale, consents, updatedAt: iso(updatedAt) };
  };

  // A consent is given when its kind, time or text version is new, and withdrawn, at the write's
  // updatedAt, when the write leaves it out; kinds in a fixed order, as the Firestore store does.
  const write = db.transaction((profile: UserProfile) => {
    const updatedAt = millis(profile.updatedAt, "updatedAt");
    const unknown = Object.keys(profile.consents).filter((kind) => !(CONSENT_KINDS as readonly string[]).includes(kind));
    if (unknown.length > 0) throw new RangeError(`Unknown consent kinds: ${unknown.join(", ")}`);
    const before = consentsInForce(profile.uid);
    const changes: ChangeRow[] = [];
    for (const kind of CONSENT_KINDS) {
      const consent = profile.consents[kind];
      if (!consent) continue;
      const at = millis(consent.acceptedAt, `consents.${kind}.acceptedAt`);
      const current = before.get(kind);
      if (current?.at !== at || current.textVersion !== consent.textVersion) changes.push({ kind, accepted: 1, at, textVersion: consent.textVersion });
    }
    for (const kind of CONSENT_KINDS) {
      const current = before.get(kind);
      if (current && !profile.consents[kind]) changes.push({ kind, accepted: 0, at: updatedAt, textVersion: current.textVersion });
    }
    upsertProfile.run({
      uid: profile.uid,
      name: profile.name,
      surname: profile.surname,
      phone: profile.phone,
      birthdate: profile.birthdate,
      address: profile.address,
      preferredLocale: profile.preferredLanguage,
      updatedAt,
    });
    for (const change of changes) insertChange.run({ uid: profile.uid, ...change });
  });

  const remove = db.transaction((uid: string) => {
    deleteChanges.run(uid);
    deleteProfile.run(uid);
  });

  // A read of the profile and of its consents sees one state, not a write that lands between them.
  const exportOf = db.transaction((uid: string) => {
    const profile = read(uid);
    if (!profile) return null;
    const consentHistory: ConsentChange[] = selectHistory
      .all(uid)
      .map((row) => ({ kind: row.kind, accepted: row.accepted === 1, at: iso(row.at), textVersion: row.textVersion }));
    return { profile, consentHistory };
  });
  const get = db.transaction(read);

  return {
    get: async (uid) => get(uid),
    // IMMEDIATE: the write lock before the first read. Another server process may write meanwhile,
    // and a transaction that read first could not take the lock then (SQLITE_BUSY at once, no wait).
    upsert: async (profile) => write.immediate(profile),
    delete: async (uid) => remove.immediate(uid),
    export: async (uid) => exportOf(uid),
  };
}


