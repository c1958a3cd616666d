import type { LeadFormKind } from "../domain/forms/lead-forms.settings";
import type { LocaleCode } from "../domain/locale/locale.settings";

/** The event and the job offer a lead names, by their titles, and its CV by the name and size the visitor gave it. */
export interface LeadNames {
  readonly event?: string;
  readonly jobOffer?: string;
  readonly cv?: { readonly name: string; readonly bytes: number };
}

/** Each template and the parameters it is rendered with; one template set, every locale. */
export interface MailTemplates {
  readonly verifyEmail: { readonly link: string };
  readonly resetPassword: { readonly link: string };
  /**
   * To the owner of an address someone tried to register with (issue 48 item 9: registration
   * answers as for a new address, and the owner hears of it here instead).
   */
  readonly registrationAttempt: { readonly signInLink: string; readonly resetLink: string };
  /** A link that signs the account in, once, for a short while. */
  readonly signInLink: { readonly link: string };
  /** Sent after a password change; `link` is where to reset it if the change was not the user's. */
  readonly passwordChanged: { readonly link: string };
  /** Sent to the address of an account that no longer exists: nothing to link to. */
  readonly accountDeleted: Readonly<Record<string, never>>;
  /** To the venue's team: a lead arrived, with what the visitor wrote. */
  readonly leadReceived: {
    readonly kind: LeadFormKind;
    readonly submissionId: string;
    /** ISO 8601 instant. */
    readonly submittedAt: string;
    /** The visitor's language. */
    readonly visitorLocale: LocaleCode;
    readonly fields: Readonly<Record<string, string | boolean>>;
    /** What the fields name by an internal value, as the team knows it (issue 49 item 19); absent when the site no longer has it. */
    readonly named: LeadNames;
  };
  /** To the visitor: their submission arrived. */
  readonly leadConfirmation: { readonly kind: LeadFormKind };
  /** Double opt-in: the link that confirms a newsletter subscription. */
  readonly newsletterConfirm: { readonly link: string };
  /** To a buyer: their order, its tickets' codes, and where to find the tickets (values already in the buyer's language). */
  readonly ticketOrderConfirmation: {
    readonly orderId: string;
    readonly eventTitle: string;
    readonly eventDate: string;
    /** When the doors open, on the language's clock; empty when the event says none. */
    readonly doorsOpen: string;
    readonly location: string;
    readonly tickets: readonly { readonly name: string; readonly code: string }[];
    readonly total: string;
    readonly link: string;
  };
}

export type MailTemplateId = keyof MailTemplates;

export type MailMessage = {
  readonly [T in MailTemplateId]: {
    readonly to: string;
    /** The recipient's language: subject and body are rendered in it. */
    readonly locale: LocaleCode;
    readonly template: T;
    readonly params: MailTemplates[T];
    /**
     * Mails about a list carry a way out: a page with a button, and a URL a mail client may POST
     * to in one click (RFC 8058 List-Unsubscribe and List-Unsubscribe-Post headers).
     */
    readonly unsubscribe?: { readonly page: string; readonly oneClick: string };
  };
}[MailTemplateId];

/**
 * Server side: sends a localised message (SPEC §8 'Error sending email' when it cannot). Production:
 * SMTP; embedded: an outbox. Answers with the message's id once it is accepted for delivery.
 */
export interface MailPort {
  /**
   * With a `key`, sending is idempotent: a message already sent with that key is not sent again,
   * and its id is the answer (a request retried after a crash queues nothing twice).
   */
  send(message: MailMessage, options?: { readonly key?: string }): Promise<string>;
}
