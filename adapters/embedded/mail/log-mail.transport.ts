import type { Logger } from "../../../core";
import type { MailTransport } from "../../mail/mail-transport";

export interface LogMailTransportOptions {
  readonly logger: Logger;
  /**
   * Whether the line shows the mail's links. A link carries a secret (a password reset, a sign-in
   * code): in production the line only counts them, and the mail stays in the outbox.
   */
  readonly logLinks: boolean;
  /** Where the development viewer shows a mail, by its id (e.g. `http://localhost:3000/_mail/<id>`). */
  readonly viewerUrl?: (id: string) => string;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The embedded default: nothing leaves the machine. Each mail counts as delivered (it stays in the
 * outbox, for the viewer) and gets one log line, with its links when `logLinks` is set, so that a
 * developer can open a verification link from the server log.
 */
export function createLogMailTransport(options: LogMailTransportOptions): MailTransport {
  return {
    deliver(mail) {
      options.logger.info("mail.delivered", {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        ...linksOf(mail.text, options.logLinks),
        ...(options.viewerUrl ? { viewer: options.viewerUrl(mail.id) } : {}),
      });
      return Promise.resolve();
    },
  };
}

function linksOf(text: string, logLinks: boolean): { readonly links: readonly string[] } | { readonly withheldLinks: number } {
  const links = text.match(LINK) ?? [];
  return logLinks ? { links } : { withheldLinks: links.length };
}
