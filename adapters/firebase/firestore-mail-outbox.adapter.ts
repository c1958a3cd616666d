import { createHash, randomInt, randomUUID } from "node:crypto";
import { Timestamp, type Firestore, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import type { LocaleCode, MailTemplateId } from "../../core";
import type { ClaimedMail, MailOutboxStore, OutboxEntry, OutboxStatus, OutboxSummary } from "../mail/mail-outbox-store";
import { isPreconditionFailure, writeUnlessChanged } from "./firestore-conditional-write";

export const MAIL_OUTBOX_COLLECTION = "mailOutbox";

export interface FirestoreMailOutboxOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredMail {
  readonly id: string;
  readonly to: string;
  readonly locale: LocaleCode;
  readonly template: MailTemplateId;
  readonly paramsJson: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly createdAt: Timestamp;
  /** When a pending mail is due (a sent one keeps its last); null once it failed. */
  readonly nextAttemptAt: Timestamp | null;
  readonly sentAt: Timestamp | null;
  readonly lastError: string | null;
  /** Set while 'sending': whose claim it is, and until when. */
  readonly claimToken: string | null;
  readonly leaseUntil: Timestamp | null;
}

const millisOf = (value: Timestamp | null) => (value === null ? null : value.toMillis());

/**
 * The mail outbox on Firestore, for every instance together (a document per mail). No
 * transactions, so no locks to queue on: every change is one write with a precondition.
 *
 * - `add` creates the document, which fails on the server for an id that is there: a keyed mail
 *   sent on two instances at once is stored once.
 * - `claim` queries due mails (pending and due; sending with a lease that ran out), then updates
 *   each with `lastUpdateTime` = the time it was read: where another loop claimed it meanwhile, the
 *   update fails and the mail is left to that loop.
 * - `settle` reads the mail and writes its outcome only if the claim's token is still on it, with
 *   the same precondition (firestore-conditional-write.ts): a loop whose lease ran out, and whose
 *   mail another loop took, writes nothing.
 *
 * The document id is a digest of the mail's id (a key may be any Message-ID part, which Firestore
 * would not always take as an id). Instants are Firestore Timestamps. The claim's two queries
 * need the composite indexes (status, nextAttemptAt) and (status, leaseUntil) in
 * firestore.indexes.json.
 */
export function createFirestoreMailOutboxStore({ firestore, collection = MAIL_OUTBOX_COLLECTION }: FirestoreMailOutboxOptions): MailOutboxStore {
  const mails = firestore.collection(collection);
  const mailRef = (id: string) => mails.doc(createHash("sha256").update(id).digest("hex"));

  const summaryOf = (stored: StoredMail): OutboxSummary => ({
    id: stored.id,
    to: stored.to,
    subject: stored.subject,
    status: stored.status,
    attempts: stored.attempts,
    createdAt: stored.createdAt.toMillis(),
    nextAttemptAt: millisOf(stored.nextAttemptAt),
    sentAt: millisOf(stored.sentAt),
    lastError: stored.lastError,
  });

  async function claimOne(snapshot: QueryDocumentSnapshot, token: string, leaseUntil: number): Promise<ClaimedMail | undefined> {
    const stored = snapshot.data() as StoredMail;
    const attempts = stored.attempts + 1;
    try {
      await snapshot.ref.update({ status: "sending", claimToken: token, leaseUntil: Timestamp.fromMillis(leaseUntil), attempts }, { lastUpdateTime: snapshot.updateTime });
    } catch (error) {
      if (isPreconditionFailure(error)) return undefined;
      throw error;
    }
    return { id: stored.id, to: stored.to, subject: stored.subject, html: stored.html, text: stored.text, headers: stored.headers, attempts, createdAt: stored.createdAt.toMillis() };
  }

  return {
    async add(mail) {
      const stored: StoredMail = {
        id: mail.id,
        to: mail.to,
        locale: mail.locale,
        template: mail.template,
        paramsJson: JSON.stringify(mail.params),
        headers: mail.headers,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        status: "pending",
        attempts: 0,
        createdAt: Timestamp.fromMillis(mail.createdAt),
        nextAttemptAt: Timestamp.fromMillis(mail.createdAt),
        sentAt: null,
        lastError: null,
        claimToken: null,
        leaseUntil: null,
      };
      try {
        await mailRef(mail.id).create(stored);
        return true;
      } catch (error) {
        if (isPreconditionFailure(error)) return false;
        throw error;
      }
    },

    async claim({ now, leaseUntil, limit, except }) {
      const token = randomUUID();
      const at = Timestamp.fromMillis(now);
      const handled = new Set(except);
      // Mails this round handled may still be due (a retry due at once): read past them, and a few
      // more, so that loops claiming at the same moment pick different mails at random.
      const reach = 2 * limit + except.length;
      for (;;) {
        const [due, abandoned] = await Promise.all([
          mails.where("status", "==", "pending").where("nextAttemptAt", "<=", at).orderBy("nextAttemptAt").limit(reach).get(),
          mails.where("status", "==", "sending").where("leaseUntil", "<=", at).orderBy("leaseUntil").limit(reach).get(),
        ]);
        const candidates = shuffled([...due.docs, ...abandoned.docs].filter((snapshot) => !handled.has((snapshot.data() as StoredMail).id))).slice(0, limit);
        const claimed = (await Promise.all(candidates.map((snapshot) => claimOne(snapshot, token, leaseUntil)))).filter((mail) => mail !== undefined);
        // Every candidate taken by other loops meanwhile: there may be more beyond them.
        if (claimed.length > 0 || candidates.length === 0) return { token, mails: claimed };
      }
    },

    async settle(id, token, outcome) {
      const released = { claimToken: null, leaseUntil: null };
      const fields =
        outcome.status === "sent"
          ? { status: "sent", sentAt: Timestamp.fromMillis(outcome.at), lastError: null, ...released }
          : outcome.status === "pending"
            ? { status: "pending", nextAttemptAt: Timestamp.fromMillis(outcome.nextAttemptAt), lastError: outcome.error, ...released }
            : { status: "failed", nextAttemptAt: null, lastError: outcome.error, ...released };
      // Once: a change between the read and the write is another loop's claim.
      const written = await writeUnlessChanged(
        mailRef(id),
        (snapshot) => (snapshot.exists && (snapshot.data() as StoredMail).claimToken === token ? { write: fields, result: true } : { result: false }),
        1,
      );
      return written.outcome === "decided" && written.result;
    },

    async list(limit) {
      const snapshot = await mails.orderBy("createdAt", "desc").limit(limit).get();
      return snapshot.docs.map((document) => summaryOf(document.data() as StoredMail));
    },

    async find(id) {
      const snapshot = await mailRef(id).get();
      if (!snapshot.exists) return undefined;
      const stored = snapshot.data() as StoredMail;
      return { ...summaryOf(stored), locale: stored.locale, template: stored.template, html: stored.html, text: stored.text } satisfies OutboxEntry;
    },
  };
}

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
