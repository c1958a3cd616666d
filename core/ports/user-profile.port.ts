import type { LocaleCode } from "../domain/locale/locale.settings";

/** SPEC §3 and §5's consent checkboxes. */
export type ConsentKind = "privacyPolicy" | "communication" | "marketing";

/** Proof of a consent: when it was given and to which version of its text. */
export interface Consent {
  /** ISO 8601 instant, from the clock port. */
  readonly acceptedAt: string;
  readonly textVersion: string;
}

/** A consent given or withdrawn, kept after the change so that the user's data export can show it. */
export interface ConsentChange {
  readonly kind: ConsentKind;
  readonly accepted: boolean;
  /** ISO 8601 instant. */
  readonly at: string;
  readonly textVersion: string;
}

/** The user record beyond the identity provider's own fields (SPEC §3 leaves it to us). */
export interface UserProfile {
  readonly uid: string;
  readonly name: string;
  readonly surname: string;
  /** Unknown until the user completes the profile after signing up. */
  readonly phone: string | null;
  /** ISO date (yyyy-mm-dd). */
  readonly birthdate: string | null;
  readonly address: string | null;
  /** Used for mails and the next visit. */
  readonly preferredLanguage: LocaleCode;
  /** Consents in force; a withdrawn one is absent. */
  readonly consents: Readonly<Partial<Record<ConsentKind, Consent>>>;
  /** ISO 8601 instant of the last write; also the moment of any consent withdrawn by it. */
  readonly updatedAt: string;
}

/** Everything this store keeps about a user, for 'download my data'. */
export interface UserProfileExport {
  readonly profile: UserProfile;
  /** Oldest first. */
  readonly consentHistory: readonly ConsentChange[];
}

/** Server side. Production: Firestore; embedded: SQLite. Every call is scoped by the session's uid. */
export interface UserProfilePort {
  get(uid: string): Promise<UserProfile | null>;
  /** Creates or replaces the record, and records each consent that this write gives or withdraws. */
  upsert(profile: UserProfile): Promise<void>;
  /** Removes the record and its consent history; nothing of it remains afterwards. */
  delete(uid: string): Promise<void>;
  export(uid: string): Promise<UserProfileExport | null>;
}
