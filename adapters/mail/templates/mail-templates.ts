import { LEAD_FORM_FIELDS, LOCALES, type ConsentKind, type LeadFormKind, type LeadNames, type MailTemplateId, type MailTemplates } from "../../../core";

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
  /** Label and value pairs after the paragraphs (what a visitor wrote, escaped like every text). */
  readonly facts?: readonly MailFact[];
}

/**
 * A value is a text to show as it is, a text key to translate, or what the reader's language
 * writes its own way: a moment (ISO 8601), a day (yyyy-mm-dd), a file's name with its size.
 */
export interface MailFact {
  readonly label: string;
  readonly value:
    | { readonly text: string }
    | { readonly key: string }
    | { readonly instant: string }
    | { readonly day: string }
    | { readonly file: { readonly name: string; readonly bytes: number } };
}

const LEAD_RECEIVED_SUBJECTS = {
  contact: "mail.leadReceived.subject.contact",
  hospitality: "mail.leadReceived.subject.hospitality",
  newsletter: "mail.leadReceived.subject.newsletter",
  "job-application": "mail.leadReceived.subject.jobApplication",
} as const satisfies Record<LeadFormKind, MailTextKey>;

const LEAD_CONFIRMATION_BODIES = {
  contact: "mail.leadConfirmation.body.contact",
  hospitality: "mail.leadConfirmation.body.hospitality",
  newsletter: "mail.leadConfirmation.body.newsletter",
  "job-application": "mail.leadConfirmation.body.jobApplication",
} as const satisfies Record<LeadFormKind, MailTextKey>;

// A consent's checkbox is labelled with the sentence the visitor accepted; the team reads its name.
const CONSENT_NAMES = {
  privacyPolicy: "leadForm.field.privacyPolicy",
  communication: "leadForm.field.communication",
  marketing: "leadForm.field.marketing",
} as const satisfies Record<ConsentKind, string>;

/**
 * One stored field as the team reads it, named as its form names it (issue 49 item 19): booleans
 * and choices in words, the event and the job offer by their titles, the CV by its name and size,
 * a date as the team's language writes it, the rest verbatim. No slug or id unless the site no
 * longer knows what it named.
 */
function leadFact(kind: LeadFormKind, name: string, value: string | boolean, named: LeadNames): MailFact {
  const field = LEAD_FORM_FIELDS[kind].find((candidate) => candidate.name === name);
  const label = !field ? "mail.leadReceived.unknownField" : Object.hasOwn(CONSENT_NAMES, name) ? CONSENT_NAMES[name as ConsentKind] : field.label;
  if (typeof value === "boolean") return { label, value: { key: value ? "mail.leadReceived.yes" : "mail.leadReceived.no" } };
  if (value === "") return { label, value: { text: "—" } };
  if (name === "event" && named.event) return { label, value: { text: named.event } };
  if (name === "jobOffer" && named.jobOffer) return { label, value: { text: named.jobOffer } };
  if (name === "cv") return { label, value: named.cv ? { file: named.cv } : { key: "mail.leadReceived.cvMissing" } };
  if (field?.control === "date") return { label, value: { day: value } };
  const option = field && "options" in field ? field.options?.find((candidate) => candidate.value === value) : undefined;
  return { label, value: option ? { key: option.label } : { text: value } };
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
  registrationAttempt: ({ signInLink, resetLink }) => ({
    subject: "mail.registrationAttempt.subject",
    heading: "mail.registrationAttempt.heading",
    paragraphs: ["mail.registrationAttempt.body", "mail.registrationAttempt.forgotten"],
    action: { label: "mail.registrationAttempt.action", link: signInLink },
    facts: [{ label: "mail.registrationAttempt.resetLabel", value: { text: resetLink } }],
    closing: ["mail.registrationAttempt.ignore"],
  }),
  signInLink: ({ link }) => ({
    subject: "mail.signInLink.subject",
    heading: "mail.signInLink.heading",
    paragraphs: ["mail.signInLink.body"],
    action: { label: "mail.signInLink.action", link },
    closing: ["mail.signInLink.ignore"],
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
  leadReceived: ({ kind, submissionId, submittedAt, visitorLocale, fields, named }) => ({
    subject: LEAD_RECEIVED_SUBJECTS[kind],
    heading: LEAD_RECEIVED_SUBJECTS[kind],
    paragraphs: ["mail.leadReceived.body"],
    facts: [
      { label: "mail.leadReceived.reference", value: { text: submissionId } },
      { label: "mail.leadReceived.submittedAt", value: { instant: submittedAt } },
      { label: "mail.leadReceived.language", value: { text: LOCALES[visitorLocale].name } },
      ...Object.entries(fields).map(([name, value]) => leadFact(kind, name, value, named)),
    ],
    closing: kind === "job-application" ? ["mail.leadReceived.cvWithApplication"] : [],
  }),
  leadConfirmation: ({ kind }) => ({
    subject: "mail.leadConfirmation.subject",
    heading: "mail.leadConfirmation.heading",
    paragraphs: [LEAD_CONFIRMATION_BODIES[kind]],
    closing: ["mail.leadConfirmation.closing"],
  }),
  newsletterConfirm: ({ link }) => ({
    subject: "mail.newsletterConfirm.subject",
    heading: "mail.newsletterConfirm.heading",
    paragraphs: ["mail.newsletterConfirm.body"],
    action: { label: "mail.newsletterConfirm.action", link },
    closing: ["mail.newsletterConfirm.ignore"],
  }),
  ticketOrderConfirmation: ({ orderId, eventTitle, eventDate, doorsOpen, location, tickets, total, link }) => ({
    subject: "mail.ticketOrder.subject",
    heading: "mail.ticketOrder.heading",
    paragraphs: ["mail.ticketOrder.body"],
    facts: [
      { label: "mail.ticketOrder.event", value: { text: eventTitle } },
      { label: "mail.ticketOrder.date", value: { text: eventDate } },
      ...(doorsOpen ? [{ label: "mail.ticketOrder.doorsOpen", value: { text: doorsOpen } }] : []),
      ...(location ? [{ label: "mail.ticketOrder.location", value: { text: location } }] : []),
      { label: "mail.ticketOrder.reference", value: { text: orderId } },
      ...tickets.map((ticket) => ({ label: "mail.ticketOrder.ticket", value: { text: `${ticket.name} · ${ticket.code}` } })),
      { label: "mail.ticketOrder.total", value: { text: total } },
    ],
    action: { label: "mail.ticketOrder.action", link },
    closing: ["mail.ticketOrder.closing"],
  }),
};

/** The content of one message; generic so that each template gets its own parameters. */
export function mailContentOf<T extends MailTemplateId>(template: T, params: MailTemplates[T]): MailContent {
  return MAIL_TEMPLATES[template](params);
}
