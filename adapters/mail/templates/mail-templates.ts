import type { MailTemplateId, MailTemplates } from "../../../core";

/** A key of the `mail` texts in locales/*.json. */
export type MailTextKey = `mail.${string}`;

/** What one mail says, as text keys: the layout puts them in order, in HTML and in plain text. */
export interface MailContent {
  readonly subject: MailTextKey;
  readonly heading: MailTextKey;
  readonly paragraphs: readonly MailTextKey[];
  /** The one thing the mail asks the reader to do, as a button and as a visible address. */
  readonly action?: { readonly label: MailTextKey; readonly link: string };
  readonly closing: readonly MailTextKey[];
}

/** The template set: every template of the mail port, and nothing else (a compile error otherwise). */
export const MAIL_TEMPLATES: { readonly [T in MailTemplateId]: (params: MailTemplates[T]) => MailContent } = {
  verifyEmail: ({ link }) => ({
    subject: "mail.verifyEmail.subject",
    heading: "mail.verifyEmail.heading",
    paragraphs: ["mail.verifyEmail.body"],
    action: { label: "mail.verifyEmail.action", link },
    closing: ["mail.verifyEmail.ignore"],
  }),
  resetPassword: ({ link }) => ({
    subject: "mail.resetPassword.subject",
    heading: "mail.resetPassword.heading",
    paragraphs: ["mail.resetPassword.body"],
    action: { label: "mail.resetPassword.action", link },
    closing: ["mail.resetPassword.ignore"],
  }),
  passwordChanged: ({ link }) => ({
    subject: "mail.passwordChanged.subject",
    heading: "mail.passwordChanged.heading",
    paragraphs: ["mail.passwordChanged.body", "mail.passwordChanged.notYou"],
    action: { label: "mail.passwordChanged.action", link },
    closing: [],
  }),
  accountDeleted: () => ({
    subject: "mail.accountDeleted.subject",
    heading: "mail.accountDeleted.heading",
    paragraphs: ["mail.accountDeleted.body"],
    closing: ["mail.accountDeleted.closing"],
  }),
};

/** The content of one message; generic so that each template gets its own parameters. */
export function mailContentOf<T extends MailTemplateId>(template: T, params: MailTemplates[T]): MailContent {
  return MAIL_TEMPLATES[template](params);
}
