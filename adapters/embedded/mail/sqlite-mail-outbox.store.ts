import { randomUUID } from "node:crypto";
import type { ClaimedMail, MailOutboxStore, OutboxEntry, OutboxSummary } from "../../mail/mail-outbox-store";
import { groupCommitOf } from "../database/group-commit";
import type { SqliteDatabase } from "../database/open-database";

const SUMMARY_COLUMNS = `id, to_address AS "to", subject, status, attempts, created_at AS createdAt,
  next_attempt_at AS nextAttemptAt, sent_at AS sentAt, last_error AS lastError`;

/**
 * The outbox on the embedded database (table mail_outbox), shared by every process on DATA_DIR.
 * A mail is committed, with synchronous=FULL, before `add` resolves: a mail the caller was told
 * about survives a crash. A claim is one write transaction, taken IMMEDIATE: the write lock is held
 * before the due rows are read, so two loops never both see a row as free. Outcomes are written
 * only where the row still holds the claim's token; mails settled side by side share one commit.
 */
export function createSqliteMailOutboxStore(db: SqliteDatabase): MailOutboxStore {
  const commit = groupCommitOf(db);
  const insert = db.prepare(`
    INSERT INTO mail_outbox (id, to_address, locale, template, params_json, headers_json, subject, html, text, status, next_attempt_at, created_at)
    VALUES (:id, :to, :locale, :template, :params, :headers, :subject, :html, :text, 'pending', :at, :at)
    ON CONFLICT (id) DO NOTHING`);
  const claim = db.prepare(`
    UPDATE mail_outbox SET status = 'sending', claim_token = :token, lease_until = :leaseUntil, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM (
        SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= :now
        UNION ALL
        SELECT id FROM mail_outbox WHERE status = 'sending' AND lease_until <= :now
      )
      WHERE id NOT IN (SELECT value FROM json_each(:handled))
      LIMIT :limit)
    RETURNING id, to_address AS "to", subject, html, text, headers_json AS headersJson, attempts, created_at AS createdAt`);
  const claimTransaction = db.transaction((params: Record<string, unknown>) => claim.all(params) as (Omit<ClaimedMail, "headers"> & { headersJson: string })[]);
  const markSent = db.prepare(`
    UPDATE mail_outbox SET status = 'sent', sent_at = :at, last_error = NULL, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);
  const reschedule = db.prepare(`
    UPDATE mail_outbox SET status = 'pending', next_attempt_at = :next, last_error = :error, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);
  const markFailed = db.prepare(`
    UPDATE mail_outbox SET status = 'failed', next_attempt_at = NULL, last_error = :error, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);
  const reader = sqliteOutboxReader(db);

  return {
    async add(mail) {
      const { changes } = await commit.write(() =>
        insert.run({
          id: mail.id,
          to: mail.to,
          locale: mail.locale,
          template: mail.template,
          params: JSON.stringify(mail.params),
          headers: JSON.stringify(mail.headers),
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          at: mail.createdAt,
        }),
      );
      return changes > 0;
    },
    async claim({ now, leaseUntil, limit, except }) {
      const token = randomUUID();
      // In the shared transaction, as every other write: a transaction of its own would wait for a
      // sibling worker's lock in SQLite's busy wait, which stops this process's event loop (issue 51).
      const rows = await commit.write(() => claimTransaction({ token, leaseUntil, now, handled: JSON.stringify(except), limit }));
      return { token, mails: rows.map(({ headersJson, ...mail }) => ({ ...mail, headers: JSON.parse(headersJson) as Record<string, string> })) };
    },
    async settle(id, token, outcome) {
      const result = await commit.write(() => {
        switch (outcome.status) {
          case "sent":
            return markSent.run({ id, token, at: outcome.at });
          case "pending":
            return reschedule.run({ id, token, next: outcome.nextAttemptAt, error: outcome.error });
          case "failed":
            return markFailed.run({ id, token, error: outcome.error });
        }
      });
      return result.changes > 0;
    },
    list: async (limit) => reader.list(limit),
    find: async (id) => reader.find(id),
  };
}

/** The outbox's mails read at once, for what reads the file beside a running server (the e2e tests). */
export function sqliteOutboxReader(db: SqliteDatabase): { list(limit: number): OutboxSummary[]; find(id: string): OutboxEntry | undefined } {
  const list = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM mail_outbox ORDER BY created_at DESC, rowid DESC LIMIT ?`);
  const find = db.prepare(`SELECT ${SUMMARY_COLUMNS}, locale, template, html, text FROM mail_outbox WHERE id = ?`);
  return { list: (limit) => list.all(limit) as OutboxSummary[], find: (id) => find.get(id) as OutboxEntry | undefined };
}
