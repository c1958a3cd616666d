import { Schema } from "effect";
import { getFirestore, Timestamp as FirestoreTimestamp, type DocumentReference, type Firestore } from "firebase-admin/firestore";
import { LOCALE_CODES, type Consent, type ConsentChange, type ConsentKind, type UserProfile, type UserProfilePort } from "../../core";
import { firebaseAdminApp } from "./firebase-admin-app";
import { instantOfTimestamp, timestampOfInstant } from "./firestore-values";

/** Where the profiles live: one document per user, keyed by uid, in each collection. */
export const USER_PROFILE_COLLECTIONS = { profiles: "userProfiles", consentHistory: "userConsentHistory" } as const;

export interface FirestoreUserProfilesOptions {
  /** firebase-admin's Firestore: `getFirestore(firebaseAdminApp(…))`; FIRESTORE_EMULATOR_HOST points it at the emulator. */
  readonly firestore: Firestore;
  /** Other collection names (tests keep runs apart this way). */
  readonly collections?: { readonly profiles: string; readonly consentHistory: string };
}

const CONSENT_KINDS = ["privacyPolicy", "communication", "marketing"] as const satisfies readonly ConsentKind[];

const StoredTimestamp = Schema.instanceOf(FirestoreTimestamp);
const StoredConsent = Schema.Struct({ acceptedAt: StoredTimestamp, textVersion: Schema.String });
const StoredProfile = Schema.Struct({
  name: Schema.String,
  surname: Schema.String,
  phone: Schema.NullOr(Schema.String),
  birthdate: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  preferredLanguage: Schema.Literals(LOCALE_CODES),
  consents: Schema.Struct({
    privacyPolicy: Schema.optionalKey(StoredConsent),
    communication: Schema.optionalKey(StoredConsent),
    marketing: Schema.optionalKey(StoredConsent),
  }),
  updatedAt: StoredTimestamp,
});
const StoredChange = Schema.Struct({ kind: Schema.Literals(CONSENT_KINDS), accepted: Schema.Boolean, at: StoredTimestamp, textVersion: Schema.String });
const StoredHistory = Schema.Struct({ changes: Schema.Array(StoredChange) });
type StoredProfile = typeof StoredProfile.Type;
type StoredChange = typeof StoredChange.Type;

const decodeProfile = Schema.decodeUnknownSync(StoredProfile);
const decodeHistory = Schema.decodeUnknownSync(StoredHistory);

/**
 * UserProfilePort on Firestore (production), through firebase-admin on the server. A profile is
 * the document `userProfiles/{uid}` (the consents in force in a map), its consent history the
 * document `userConsentHistory/{uid}` (the changes, oldest first); one transaction writes both,
 * so they never disagree. Instants are Firestore Timestamps (SPEC §3: seconds, nanoseconds), read
 * back as ISO 8601 with milliseconds, the clock port's form. A consent is recorded as given when
 * its kind, time or text version is new, and as withdrawn, at the write's `updatedAt`, when a
 * write leaves it out — as the SQLite store does.
 */
export function createFirestoreUserProfiles({ firestore, collections = USER_PROFILE_COLLECTIONS }: FirestoreUserProfilesOptions): UserProfilePort {
  const profileRef = (uid: string) => firestore.collection(collections.profiles).doc(uid) as DocumentReference;
  const historyRef = (uid: string) => firestore.collection(collections.consentHistory).doc(uid) as DocumentReference;

  return {
    async get(uid) {
      const snapshot = await profileRef(uid).get();
      return snapshot.exists ? profileOf(uid, snapshot.data()) : null;
    },

    async upsert(profile) {
      const stored = storedProfileOf(profile);
      await firestore.runTransaction(async (transaction) => {
        const [current, history] = await transaction.getAll(profileRef(profile.uid), historyRef(profile.uid));
        const before = current?.exists ? decodeProfile(current.data()).consents : {};
        const changes = history?.exists ? decodeHistory(history.data()).changes : [];
        const recorded = [...changes, ...consentChanges(before, stored)];
        transaction.set(profileRef(profile.uid), stored);
        transaction.set(historyRef(profile.uid), { changes: recorded });
      });
    },

    async delete(uid) {
      const batch = firestore.batch();
      batch.delete(profileRef(uid));
      batch.delete(historyRef(uid));
      await batch.commit();
    },

    async export(uid) {
      // One read time for both documents: never a profile from after a write and a history from before.
      const [profile, history] = await firestore.getAll(profileRef(uid), historyRef(uid));
      if (!profile?.exists) return null;
      const changes = history?.exists ? decodeHistory(history.data()).changes : [];
      return { profile: profileOf(uid, profile.data()), consentHistory: changes.map(consentChangeOf) };
    },
  };
}

/** Shorthand for the composition root: the profiles in the project's default Firestore database. */
export function createFirestoreUserProfilesForProject(projectId: string): UserProfilePort {
  return createFirestoreUserProfiles({ firestore: getFirestore(firebaseAdminApp({ projectId })) });
}

function storedProfileOf(profile: UserProfile): StoredProfile {
  const consents: { [K in ConsentKind]?: { acceptedAt: FirestoreTimestamp; textVersion: string } } = {};
  for (const kind of CONSENT_KINDS) {
    const consent = profile.consents[kind];
    if (consent) consents[kind] = { acceptedAt: timestampOfInstant(consent.acceptedAt, `consents.${kind}.acceptedAt`), textVersion: consent.textVersion };
  }
  return {
    name: profile.name,
    surname: profile.surname,
    phone: profile.phone,
    birthdate: profile.birthdate,
    address: profile.address,
    preferredLanguage: profile.preferredLanguage,
    consents,
    updatedAt: timestampOfInstant(profile.updatedAt, "updatedAt"),
  };
}

function profileOf(uid: string, data: unknown): UserProfile {
  const stored = decodeProfile(data);
  const consents: Partial<Record<ConsentKind, Consent>> = {};
  for (const kind of CONSENT_KINDS) {
    const consent = stored.consents[kind];
    if (consent) consents[kind] = { acceptedAt: instantOfTimestamp(consent.acceptedAt), textVersion: consent.textVersion };
  }
  return {
    uid,
    name: stored.name,
    surname: stored.surname,
    phone: stored.phone,
    birthdate: stored.birthdate,
    address: stored.address,
    preferredLanguage: stored.preferredLanguage,
    consents,
    updatedAt: instantOfTimestamp(stored.updatedAt),
  };
}

function consentChanges(before: StoredProfile["consents"], after: StoredProfile): StoredChange[] {
  const changes: StoredChange[] = [];
  for (const kind of CONSENT_KINDS) {
    const given = after.consents[kind];
    const current = before[kind];
    if (given && !(current && current.acceptedAt.isEqual(given.acceptedAt) && current.textVersion === given.textVersion)) {
      changes.push({ kind, accepted: true, at: given.acceptedAt, textVersion: given.textVersion });
    }
  }
  for (const kind of CONSENT_KINDS) {
    const current = before[kind];
    if (current && !after.consents[kind]) changes.push({ kind, accepted: false, at: after.updatedAt, textVersion: current.textVersion });
  }
  return changes;
}

function consentChangeOf(change: StoredChange): ConsentChange {
  return { kind: change.kind, accepted: change.accepted, at: instantOfTimestamp(change.at), textVersion: change.textVersion };
}
