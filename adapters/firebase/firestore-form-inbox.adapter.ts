import { createHash } from "node:crypto";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { isLocaleCode, type FormInboxPort, type LeadConsent, type LeadFormKind, type LeadSubmission } from "../../core";
import { instantOfTimestamp, timestampOfInstant } from "./firestore-values";

/** Where the leads live: a document per submission, and one per (kind, idempotency key) that points at it. */
export const FORM_INBOX_COLLECTIONS = { submissions: "leadSubmissions", keys: "leadSubmissionKeys" } as const;

export interface FirestoreFormInboxOptions {
  readonly firestore: Firestore;
  /** Other collection names (tests keep runs apart this way). */
  readonly collections?: { readonly submissions: string; readonly keys: string };
}

interface StoredSubmission {
  readonly kind: LeadFormKind;
  readonly fields: Record<string, string | boolean>;
  readonly consents: readonly { kind: LeadConsent["kind"]; textVersion: string; acceptedAt: unknown }[];
  readonly locale: string;
  readonly submittedAt: unknown;
  readonly userId: string | null;
  readonly idempotencyKey: string;
  readonly fingerprint: string;
}

/**
 * FormInboxPort on Firestore (production). A transaction creates the submission and its key
 * document together, so two requests with one key store one submission; Firestore commits
 * durably before the transaction resolves. Submission documents are written once, so they take
 * any rush (the one-write-per-second limit is per document). Instants are Firestore Timestamps.
 */
export function createFirestoreFormInbox({ firestore, collections = FORM_INBOX_COLLECTIONS }: FirestoreFormInboxOptions): FormInboxPort {
  const submissionRef = (id: string) => firestore.collection(collections.submissions).doc(id) as DocumentReference;
  // Keys are the client's: hashed into a document id of fixed shape.
  const keyRef = (kind: string, key: string) =>
    firestore.collection(collections.keys).doc(createHash("sha256").update(`${kind}\n${key}`).digest("base64url")) as DocumentReference;

  return {
    async store(submission) {
      return firestore.runTransaction(async (transaction) => {
        const keyDocument = await transaction.get(keyRef(submission.kind, submission.idempotencyKey));
        if (keyDocument.exists) {
          const firstId = String(keyDocument.get("submissionId"));
          const first = await transaction.get(submissionRef(firstId));
          if (!first.exists) throw new Error(`The key of submission ${firstId} outlived it`);
          const stored = submissionOf(first.id, first.data() as StoredSubmission);
          return stored.fingerprint === submission.fingerprint ? { outcome: "repeat" as const, submission: stored } : { outcome: "key-reused" as const };
        }
        transaction.create(submissionRef(submission.id), {
          kind: submission.kind,
          fields: submission.fields,
          consents: submission.consents.map((consent) => ({ ...consent, acceptedAt: timestampOfInstant(consent.acceptedAt) })),
          locale: submission.locale,
          submittedAt: timestampOfInstant(submission.submittedAt),
          userId: submission.userId,
          idempotencyKey: submission.idempotencyKey,
          fingerprint: submission.fingerprint,
        });
        transaction.create(keyRef(submission.kind, submission.idempotencyKey), { submissionId: submission.id, submittedAt: timestampOfInstant(submission.submittedAt) });
        return { outcome: "stored" as const, submission };
      });
    },
    async find(id) {
      const snapshot = await submissionRef(id).get();
      return snapshot.exists ? submissionOf(snapshot.id, snapshot.data() as StoredSubmission) : null;
    },
    async list(query) {
      let search = firestore.collection(collections.submissions).orderBy("submittedAt");
      if (query.kind) search = search.where("kind", "==", query.kind);
      if (query.userId) search = search.where("userId", "==", query.userId);
      if (query.since) search = search.where("submittedAt", ">=", timestampOfInstant(query.since));
      if (query.until) search = search.where("submittedAt", "<", timestampOfInstant(query.until));
      const snapshot = await search.get();
      return snapshot.docs.map((document) => submissionOf(document.id, document.data() as StoredSubmission));
    },
    async purge(submittedBefore) {
      const snapshot = await firestore.collection(collections.submissions).where("submittedAt", "<", timestampOfInstant(submittedBefore)).orderBy("submittedAt").get();
      const purged = snapshot.docs.map((document) => submissionOf(document.id, document.data() as StoredSubmission));
      // A batch takes at most 500 writes: two per submission.
      for (let start = 0; start < purged.length; start += 250) {
        const batch = firestore.batch();
        for (const submission of purged.slice(start, start + 250)) {
          batch.delete(submissionRef(submission.id));
          batch.delete(keyRef(submission.kind, submission.idempotencyKey));
        }
        await batch.commit();
      }
      return purged;
    },
  };
}

function submissionOf(id: string, stored: StoredSubmission): LeadSubmission {
  if (!isLocaleCode(stored.locale)) throw new Error(`Submission ${id} has an unknown locale "${stored.locale}"`);
  return {
    id,
    kind: stored.kind,
    fields: stored.fields,
    consents: stored.consents.map((consent) => ({ kind: consent.kind, textVersion: consent.textVersion, acceptedAt: instantOfTimestamp(consent.acceptedAt) })),
    locale: stored.locale,
    submittedAt: instantOfTimestamp(stored.submittedAt),
    userId: stored.userId,
    idempotencyKey: stored.idempotencyKey,
    fingerprint: stored.fingerprint,
  };
}
