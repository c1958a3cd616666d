import { openDatabase, type SqliteDatabase } from "../../../adapters/embedded/database/open-database";
import { createSqliteFormInbox } from "../../../adapters/embedded/forms/sqlite-form-inbox.adapter";
import { sqliteOutboxReader } from "../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import type { OutboxEntry, OutboxSummary } from "../../../adapters/mail/mail-outbox-store";
import type { FormInboxPort, LeadSubmission } from "../../../core";

/**
 * A test server's leads and mail outbox, read through their adapters from the SQLite file in its
 * DATA_DIR: WAL lets this reader in beside a running server, and a killed server's last commits
 * are there when it is not running. Each read opens and closes its own connection.
 */
export function serverStore(dataDir: string) {
  function reading<T>(read: (db: SqliteDatabase) => T): T {
    const db = openDatabase(dataDir);
    try {
      return read(db);
    } finally {
      db.close();
    }
  }
  async function readingLeads<T>(read: (inbox: FormInboxPort) => Promise<T>): Promise<T> {
    const db = openDatabase(dataDir);
    try {
      return await read(createSqliteFormInbox(db));
    } finally {
      db.close();
    }
  }
  const outbox = sqliteOutboxReader;

  return {
    /** Every mail of the outbox, newest first. */
    mails: (): OutboxSummary[] => reading((db) => [...outbox(db).list(Number.MAX_SAFE_INTEGER)]),
    /** One mail with its HTML and text, by its id (a keyed mail's key). */
    mail: (id: string): OutboxEntry | undefined => reading((db) => outbox(db).find(id)),
    /** Several mails by id, read on one connection; a missing one is absent from the map. */
    mailsById: (ids: readonly string[]): Map<string, OutboxEntry> =>
      reading((db) => {
        const mails = outbox(db);
        return new Map(ids.flatMap((id) => mails.find(id) ?? []).map((mail) => [mail.id, mail]));
      }),
    /** Every stored lead, oldest first. */
    leads: (): Promise<readonly LeadSubmission[]> => readingLeads((inbox) => inbox.list({})),
    lead: (id: string): Promise<LeadSubmission | null> => readingLeads((inbox) => inbox.find(id)),
  };
}

/** Waits until `condition` holds, checking every `everyMs`; fails with `what` after `timeoutMs`. */
export async function eventually(condition: () => boolean, what: string, options: { readonly timeoutMs: number; readonly everyMs: number; readonly detail?: () => string }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${options.detail ? `\n${options.detail()}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}
