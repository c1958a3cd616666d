import type { LeadFormKind } from "../domain/forms/lead-forms.settings";
import type { LocaleCode } from "../domain/locale/locale.settings";
import type { ConsentKind } from "./user-profile.port";

/** A consent the form required, as accepted with the submission (the text's version and when). */
export interface LeadConsent {
  readonly kind: ConsentKind;
  readonly textVersion: string;
  /** ISO 8601 instant. */
  readonly acceptedAt: string;
}

/** One accepted form submission: a lead for the venue's team. */
export interface LeadSubmission {
  readonly id: string;
  readonly kind: LeadFormKind;
  /** The decoded payload, stored verbatim (shown escaped wherever it is shown). */
  readonly fields: Readonly<Record<string, string | boolean>>;
  readonly consents: readonly LeadConsent[];
  /** The visitor's language: their confirmation is written in it. */
  readonly locale: LocaleCode;
  /** ISO 8601 instant. */
  readonly submittedAt: string;
  /** The signed-in user who sent it, if any. */
  readonly userId: string | null;
  /** What makes a repeat the same submission: the client's idempotency key, or a digest of the fields. */
  readonly idempotencyKey: string;
  /** A digest of kind and fields: a key sent again with other fields is refused, not stored. */
  readonly fingerprint: string;
}

export type LeadStoreOutcome =
  | { readonly outcome: "stored"; readonly submission: LeadSubmission }
  /** The key was seen before with the same fields: the first submission, unchanged. */
  | { readonly outcome: "repeat"; readonly submission: LeadSubmission }
  /** The key was seen before with other fields. */
  | { readonly outcome: "key-reused" };

export interface LeadQuery {
  readonly kind?: LeadFormKind;
  /** ISO 8601 instants; `since` inclusive, `until` exclusive. */
  readonly since?: string;
  readonly until?: string;
  /** One signed-in user's own submissions (their data export). */
  readonly userId?: string;
}

/**
 * The form inbox (SPEC §1, §5): where leads are kept until the team has them. `store` resolves
 * only once the submission is durable, so a 2xx sent after it is never a lie.
 */
export interface FormInboxPort {
  store(submission: LeadSubmission): Promise<LeadStoreOutcome>;
  find(id: string): Promise<LeadSubmission | null>;
  /** Oldest first. */
  list(query: LeadQuery): Promise<readonly LeadSubmission[]>;
  /** Deletes the submissions sent before `submittedBefore` (retention) and answers them, so their files can go too. */
  purge(submittedBefore: string): Promise<readonly LeadSubmission[]>;
}
