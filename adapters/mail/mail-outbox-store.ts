import type { LocaleCode, MailTemplateId } from "../../core";
import type { OutgoingMail } from "./mail-transport";

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

/** One mail as the viewer lists it. Times are milliseconds since the epoch. */
export interface OutboxSummary {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly createdAt: number;
  readonly nextAttemptAt: number | null;
  readonly sentAt: number | null;
  readonly lastError: string | null;
}

export interface OutboxEntry extends OutboxSummary {
  readonly locale: LocaleCode;
  readonly template: MailTemplateId;
  readonly html: string;
  readonly text: string;
}

/** A rendered mail, as the outbox stores it: pending, due at `createdAt`. */
export interface NewOutboxMail {
  readonly id: string;
  readonly to: string;
  readonly locale: LocaleCode;
  readonly template: MailTemplateId;
  readonly params: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly createdAt: number;
}

/** A mail a delivery loop has claimed: its attempts count this one. */
export interface ClaimedMail extends OutgoingMail {
  readonly attempts: number;
  readonly createdAt: number;
}

export interface ClaimRequest {
  readonly now: number;
  /** Until when the claimed mails are the claimant's alone. */
  readonly leaseUntil: number;
  readonly limit: number;
  /** Mails this round has handled already: not claimed again in it. */
  readonly except: readonly string[];
}

/** What became of a claimed mail's attempt. */
export type MailOutcome =
  | { readonly status: "sent"; readonly at: number }
  | { readonly status: "pending"; readonly nextAttemptAt: number; readonly error: string }
  | { readonly status: "failed"; readonly error: string };

/**
 * Where the outbox keeps its mails, for the outbox adapter (outbox-mail.adapter.ts) and the
 * delivery loops (mail-delivery.ts): the embedded SQLite (every process on DATA_DIR) or Firestore
 * (every instance). The store makes a claim exclusive: among any number of loops on one store,
 * a mail is claimed by one at a time, until its outcome is written or its lease runs out.
 */
export interface MailOutboxStore {
  /** Stores the mail; false, storing nothing, when a mail with its id is there already (the first one stands). */
  add(mail: NewOutboxMail): Promise<boolean>;
  /** Claims up to `limit` mails that are due (pending, or sending with a lease that ran out) under a new token. */
  claim(request: ClaimRequest): Promise<{ readonly token: string; readonly mails: readonly ClaimedMail[] }>;
  /** Writes a claimed mail's outcome, only while the claim is still `token`'s: false when another has claimed it since. */
  settle(id: string, token: string, outcome: MailOutcome): Promise<boolean>;
  /** The newest mails first. */
  list(limit: number): Promise<readonly OutboxSummary[]>;
  find(id: string): Promise<OutboxEntry | undefined>;
}
