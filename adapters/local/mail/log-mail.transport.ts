import type { Logger } from "../../../core";
import type { MailTransport } from "../../mail/mail-transport";

export interface LogMailTransportOptions {
  readonly logger: Logger;
  /** Where the development viewer shows a mail, by its id (e.g. `http://localhost:3000/_mail/<id>`). */
  readonly viewerUrl?: (id: string) => string;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The embedded default: nothing leaves the machine. Each mail counts as delivered (it stays in the
 * outbox, for the viewer) and gets one log line with its links, so that a developer can open a
 * verification link from the server log. Links carry secrets: not for production.
 */
export function createLogMailTransport(options: LogMailTransportOptions): MailTransport {
  return {
    deliver(mail) {
      options.logger.info("mail.delivered", {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        links: mail.text.match(LINK) ?? [],
        ...(options.viewerUrl ? { viewer: options.viewerUrl(mail.id) } : {}),
      });
      return Promise.resolve();
    },
  };
}
