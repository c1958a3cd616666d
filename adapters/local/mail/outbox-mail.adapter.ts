import { randomUUID } from "node:crypto";
import type { LocaleCode, MailPort, MailTemplateId } from "../../../core";
import type { MailRenderer } from "../../mail/templates/mail-renderer";
import { groupCommitOf } from "../database/group-commit";
import type { SqliteDatabase } from "../database/open-database";

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

/** The mail port on the outbox, plus what the development viewer reads. */
export interface MailOutbox extends MailPort {
  /** The newest mails first. */
  list(limit: number): readonly OutboxSummary[];
  find(id: string): OutboxEntry | undefined;
}

export interface OutboxMailOptions {
  readonly db: SqliteDatabase;
  readonly renderer: MailRenderer;
  readonly now?: () => number;
  readonly newId?: () => string;
  /** Told once a mail is stored, so that delivery need not wait for its next round. */
  readonly onQueued?: () => void;
}

const MAIL_KEY = /^[A-Za-z0-9._-]{1,128}$/;

/** RFC 8058: a mail client may unsubscribe in one click by POSTing to this https URL. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const SUMMARY_COLUMNS = `id, to_address AS "to", subject, status, attempts, created_at AS createdAt,
  next_attempt_at AS nextAttemptAt, sent_at AS sentAt, last_error AS lastError`;

/**
 * MailPort on the embedded database: `send` renders the mail and stores it as pending, due at
 * once; the delivery loop (mail-delivery.ts) takes it from there. The row is committed, with
 * synchronous=FULL, before `send` resolves: a mail the caller was told about survives a crash.
 */
export function createOutboxMail(options: OutboxMailOptions): MailOutbox {
  const { db, renderer } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  // A keyed mail's id is its key: a second insert of it is a no-op, and the first one stands.
  const insert = db.prepare(`
    INSERT INTO mail_outbox (id, to_address, locale, template, params_json, headers_json, subject, html, text, status, next_attempt_at, created_at)
    VALUES (:id, :to, :locale, :template, :params, :headers, :subject, :html, :text, 'pending', :at, :at)
    ON CONFLICT (id) DO NOTHING`);
  const list = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM mail_outbox ORDER BY created_at DESC, rowid DESC LIMIT ?`);
  const find = db.prepare(`SELECT ${SUMMARY_COLUMNS}, locale, template, html, text FROM mail_outbox WHERE id = ?`);

  return {
    async send(message, sendOptions) {
      const key = sendOptions?.key;
      if (key !== undefined && !MAIL_KEY.test(key)) throw new Error(`A mail key is letters, digits, '.', '_' or '-' (it becomes the Message-ID): ${JSON.stringify(key)}`);
      const rendered = await renderer.render(message);
      const id = key ?? newId();
      const headers = message.unsubscribe ? listUnsubscribeHeaders(message.unsubscribe.oneClick) : {};
      const { changes } = await groupCommitOf(db).write(() =>
        insert.run({
          id,
          to: message.to,
          locale: message.locale,
          template: message.template,
          params: JSON.stringify(message.params),
          headers: JSON.stringify(headers),
          ...rendered,
          at: now(),
        }),
      );
      if (changes > 0) options.onQueued?.();
      return id;
    },
    list: (limit) => list.all(limit) as OutboxSummary[],
    find: (id) => find.get(id) as OutboxEntry | undefined,
  };
}
