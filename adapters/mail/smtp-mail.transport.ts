import { createTransport } from "nodemailer";
import { MAIL_REJECTED } from "../../core";
import { MailDeliveryError, type MailTransport } from "./mail-transport";

export interface SmtpMailTransportOptions {
  /** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS) or `smtps://…:465`; nodemailer also reads options from its query. */
  readonly url: string;
  /** MAIL_FROM: the sender, e.g. `Túria Arena <no-reply@turia-arena.example>`. */
  readonly from: string;
}

/** Production mail: each delivery is one SMTP transaction through nodemailer. */
export function createSmtpMailTransport(options: SmtpMailTransportOptions): MailTransport {
  // Bounded waits, so that a server that hangs fails the attempt well inside the outbox's lease.
  const smtp = createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async deliver(mail, signal) {
      try {
        await smtp.sendMail({ from: options.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: { ...mail.headers }, signal });
      } catch (error) {
        throw deliveryError(error);
      }
    },
  };
}

/**
 * Only the server's permanent answer (5xx) to the recipient or to the message itself gives up on a
 * mail. Everything else — no connection, timeouts, 4xx, and also a refused login or sender, which
 * are the configuration's fault and not the mail's — is retried.
 */
function deliveryError(error: unknown): MailDeliveryError {
  const { code, responseCode, command, message } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown; message?: unknown };
  const rejected = typeof responseCode === "number" && responseCode >= 500 && (command === "RCPT TO" || command === "DATA");
  const reason = [code, typeof message === "string" ? message : String(error)].filter(Boolean).join(": ");
  return new MailDeliveryError(reason, rejected ? MAIL_REJECTED : "mail/unavailable");
}
