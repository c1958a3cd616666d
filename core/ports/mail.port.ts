import type { LocaleCode } from "../domain/locale/locale.settings";

/** Each template and the parameters it is rendered with; one template set, every locale. */
export interface MailTemplates {
  readonly verifyEmail: { readonly link: string };
  readonly resetPassword: { readonly link: string };
  /** Sent after a password change; `link` is where to reset it if the change was not the user's. */
  readonly passwordChanged: { readonly link: string };
  /** Sent to the address of an account that no longer exists: nothing to link to. */
  readonly accountDeleted: Readonly<Record<string, never>>;
}

export type MailTemplateId = keyof MailTemplates;

export type MailMessage = {
  readonly [T in MailTemplateId]: {
    readonly to: string;
    /** The recipient's language: subject and body are rendered in it. */
    readonly locale: LocaleCode;
    readonly template: T;
    readonly params: MailTemplates[T];
  };
}[MailTemplateId];

/**
 * Server side: sends a localised message (SPEC §8 'Error sending email' when it cannot). Production:
 * SMTP; embedded: an outbox. Answers with the message's id once it is accepted for delivery.
 */
export interface MailPort {
  send(message: MailMessage): Promise<string>;
}
