import { randomUUID } from "node:crypto";
import type { MailPort } from "../../core";
import type { MailOutboxStore, OutboxEntry, OutboxSummary } from "./mail-outbox-store";
import type { MailRenderer } from "./templates/mail-renderer";

/** The mail port on the outbox, plus what the development viewer reads. */
export interface MailOutbox extends MailPort {
  /** The newest mails first. */
  list(limit: number): Promise<readonly OutboxSummary[]>;
  find(id: string): Promise<OutboxEntry | undefined>;
}

export interface OutboxMailOptions {
  readonly store: MailOutboxStore;
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

/**
 * MailPort on an outbox store (the embedded SQLite, or Firestore): `send` renders the mail and
 * stores it as pending, due at once; the delivery loops (mail-delivery.ts) take it from there. The
 * store has the mail durably before `send` resolves: a mail the caller was told about survives a
 * crash. A keyed mail's id is its key, and the store keeps the first of an id: the same key sent
 * again, from any process or instance on the store, queues nothing.
 */
export function createOutboxMail(options: OutboxMailOptions): MailOutbox {
  const { store, renderer } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;

  return {
    async send(message, sendOptions) {
      const key = sendOptions?.key;
      if (key !== undefined && !MAIL_KEY.test(key)) throw new Error(`A mail key is letters, digits, '.', '_' or '-' (it becomes the Message-ID): ${JSON.stringify(key)}`);
      const rendered = await renderer.render(message);
      const id = key ?? newId();
      const headers = message.unsubscribe ? listUnsubscribeHeaders(message.unsubscribe.oneClick) : {};
      const added = await store.add({ id, to: message.to, locale: message.locale, template: message.template, params: message.params, headers, ...rendered, createdAt: now() });
      if (added) options.onQueued?.();
      return id;
    },
    list: (limit) => store.list(limit),
    find: (id) => store.find(id),
  };
}
