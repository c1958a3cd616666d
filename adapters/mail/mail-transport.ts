/** A rendered mail on its way out of the outbox. */
export interface OutgoingMail {
  /** The outbox row's id. */
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Hands one mail to the world. Resolves once it is accepted; rejects with `code: MAIL_REJECTED`
 * (core) when it can never be delivered, with anything else when a later try may succeed.
 * `signal` aborts a delivery that outlives the outbox's claim on the mail.
 */
export interface MailTransport {
  deliver(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
}

/** A failed delivery, in the terms of the core's retry policy (`code`). */
export class MailDeliveryError extends Error {
  override readonly name = "MailDeliveryError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
