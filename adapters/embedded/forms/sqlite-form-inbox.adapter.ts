import { isLocaleCode, type FormInboxPort, type LeadConsent, type LeadFormKind, type LeadSubmission } from "../../../core";
import { groupCommitOf } from "../database/group-commit";
import { instantOf, millisOf as millis } from "../database/instants";
import type { SqliteDatabase } from "../database/open-database";

interface SubmissionRow {
  readonly id: string;
  readonly kind: LeadFormKind;
  readonly fieldsJson: string;
  readonly consentsJson: string;
  readonly locale: string;
  readonly submittedAt: number;
  readonly userId: string | null;
  readonly idempotencyKey: string;
  readonly fingerprint: string;
}

const COLUMNS = `id, kind, fields_json AS fieldsJson, consents_json AS consentsJson, locale, submitted_at AS submittedAt,
  user_id AS userId, idempotency_key AS idempotencyKey, fingerprint`;

/**
 * FormInboxPort on the embedded database (schema: migration 5). The database runs with
 * synchronous=FULL and `store` resolves once its group commit has committed, so a stored
 * submission is on disk by then. Times are kept as milliseconds and read back as ISO 8601.
 */
export function createSqliteFormInbox(db: SqliteDatabase): FormInboxPort {
  // One statement decides: either this insert wins the (kind, key) pair, or the row already there answers.
  const insert = db.prepare(`
    INSERT INTO lead_submission (id, kind, fields_json, consents_json, locale, submitted_at, user_id, idempotency_key, fingerprint)
    VALUES (:id, :kind, :fieldsJson, :consentsJson, :locale, :submittedAt, :userId, :idempotencyKey, :fingerprint)
    ON CONFLICT (kind, idempotency_key) DO NOTHING`);
  const byKey = db.prepare<[string, string], SubmissionRow>(`SELECT ${COLUMNS} FROM lead_submission WHERE kind = ? AND idempotency_key = ?`);
  const byId = db.prepare<[string], SubmissionRow>(`SELECT ${COLUMNS} FROM lead_submission WHERE id = ?`);
  const listRange = db.prepare<{ kind: string | null; userId: string | null; since: number; until: number }, SubmissionRow>(`
    SELECT ${COLUMNS} FROM lead_submission
    WHERE (:kind IS NULL OR kind = :kind) AND (:userId IS NULL OR user_id = :userId) AND submitted_at >= :since AND submitted_at < :until
    ORDER BY submitted_at, rowid`);
  const purgeBefore = db.prepare<[number], SubmissionRow>(`DELETE FROM lead_submission WHERE submitted_at < ? RETURNING ${COLUMNS}`);

  return {
    store: (submission) =>
      groupCommitOf(db).write(() => {
        const { changes } = insert.run({
          id: submission.id,
          kind: submission.kind,
          fieldsJson: JSON.stringify(submission.fields),
          consentsJson: JSON.stringify(submission.consents),
          locale: submission.locale,
          submittedAt: millis(submission.submittedAt),
          userId: submission.userId,
          idempotencyKey: submission.idempotencyKey,
          fingerprint: submission.fingerprint,
        });
        if (changes > 0) return { outcome: "stored" as const, submission: toSubmission(byId.get(submission.id)!) };
        const first = byKey.get(submission.kind, submission.idempotencyKey);
        if (!first) throw new Error(`A submission was neither stored nor found under its key (${submission.kind})`);
        return first.fingerprint === submission.fingerprint ? { outcome: "repeat" as const, submission: toSubmission(first) } : { outcome: "key-reused" as const };
      }),
    async find(id) {
      const row = byId.get(id);
      return row ? toSubmission(row) : null;
    },
    async list(query) {
      const rows = listRange.all({
        kind: query.kind ?? null,
        userId: query.userId ?? null,
        since: query.since === undefined ? Number.MIN_SAFE_INTEGER : millis(query.since),
        until: query.until === undefined ? Number.MAX_SAFE_INTEGER : millis(query.until),
      });
      return rows.map(toSubmission);
    },
    async purge(submittedBefore) {
      return purgeBefore.all(millis(submittedBefore)).map(toSubmission);
    },
  };
}


function toSubmission(row: SubmissionRow): LeadSubmission {
  if (!isLocaleCode(row.locale)) throw new Error(`Submission ${row.id} has an unknown locale "${row.locale}"`);
  return {
    id: row.id,
    kind: row.kind,
    fields: JSON.parse(row.fieldsJson) as LeadSubmission["fields"],
    consents: JSON.parse(row.consentsJson) as readonly LeadConsent[],
    locale: row.locale,
    submittedAt: instantOf(row.submittedAt),
    userId: row.userId,
    idempotencyKey: row.idempotencyKey,
    fingerprint: row.fingerprint,
  };
}
