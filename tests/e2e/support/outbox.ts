import { openDatabase } from "../../../adapters/embedded/database/open-database";
import { sqliteOutboxReader } from "../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import type { OutboxEntry } from "../../../adapters/mail/mail-outbox-store";
import type { MailTemplateId } from "../../../core";

/**
 * The test server's mail outbox, read through the outbox's SQLite reader from the file in its
 * DATA_DIR (the server writes, this only reads): the mails a user would find in their inbox.
 */
export function mailOutbox(dataDir: string) {
  const db = openDatabase(dataDir);
  const outbox = sqliteOutboxReader(db);

  return {
    /** The newest mail of `template` to `to`, once it is there. */
    async latest(to: string, template: MailTemplateId, timeoutMs = 10_000): Promise<OutboxEntry> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = outbox
          .list(200)
          .filter((summary) => summary.to === to)
          .map((summary) => outbox.find(summary.id))
          .find((entry) => entry?.template === template);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No ${template} mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => db.close(),
  };
}

/** The link of a mail's plain text that leads to `pathPart` (e.g. `/verify-email/`). */
export function linkIn(mail: OutboxEntry, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`The ${mail.template} mail to ${mail.to} has no link to ${pathPart}`);
  return link;
}
