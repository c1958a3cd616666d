import { CONSENT_TEXT_VERSIONS } from "../account/consent.settings";
import type { LocaleCode } from "../locale/locale.settings";
import type { FormInboxPort, LeadSubmission } from "../../ports/form-inbox.port";
import type { FilesPort } from "../../ports/files.port";
import type { LeadNames, MailPort } from "../../ports/mail.port";
import type { NewsletterSubscriptionsPort } from "../../ports/newsletter-subscriptions.port";
import { LEAD_FORM_CONSENTS, type LeadFormKind } from "./lead-forms.settings";

export interface LeadIntakePorts {
  readonly inbox: FormInboxPort;
  readonly newsletter: NewsletterSubscriptionsPort;
  readonly mail: MailPort;
  /** Where a job application's CV is: the team's mail names it. */
  readonly files: Pick<FilesPort, "read">;
}

export interface LeadIntakeSettings {
  /** Who on the venue's team hears of each kind of lead; a kind without an address notifies no one. */
  readonly teamAddresses: Readonly<Partial<Record<LeadFormKind, string>>>;
  /** The team's language. */
  readonly teamLocale: LocaleCode;
  /** The published titles of the event and the job offer a lead names by slug, in a language; null when there is none. */
  readonly titles: {
    event(slug: string, locale: LocaleCode): Promise<string | null>;
    jobOffer(slug: string, locale: LocaleCode): Promise<string | null>;
  };
  /** The newsletter's links for one address (signed by the caller: the core holds no secret). */
  readonly newsletterLinks: {
    confirm(email: string, locale: LocaleCode): string;
    unsubscribePage(email: string, locale: LocaleCode): string;
    oneClickUnsubscribe(email: string): string;
  };
}

/** One decoded submission, as the server received it. */
export interface LeadRequest {
  readonly kind: LeadFormKind;
  /** The payload, decoded with the kind's schema. */
  readonly fields: Readonly<Record<string, string | boolean>>;
  readonly locale: LocaleCode;
  readonly userId: string | null;
  readonly idempotencyKey: string;
  readonly fingerprint: string;
}

export type LeadIntakeOutcome =
  | { readonly outcome: "accepted"; readonly submission: LeadSubmission; readonly repeat: boolean }
  | { readonly outcome: "key-reused" };

/** The submission as it will be stored: the consents its kind requires, with the texts' versions in force. */
export function leadSubmissionOf(request: LeadRequest, id: string, now: Date): LeadSubmission {
  const at = now.toISOString();
  return {
    id,
    kind: request.kind,
    fields: request.fields,
    consents: LEAD_FORM_CONSENTS[request.kind].map((kind) => ({ kind, textVersion: CONSENT_TEXT_VERSIONS[kind], acceptedAt: at })),
    locale: request.locale,
    submittedAt: at,
    userId: request.userId,
    idempotencyKey: request.idempotencyKey,
    fingerprint: request.fingerprint,
  };
}

/**
 * Takes one lead in (SPEC §5, §8): stores it durably, then queues the team's notification and the
 * visitor's mail (for the newsletter: the double opt-in link). Mails are keyed by the submission,
 * so a request repeated after a crash between the two steps queues what was missing and nothing
 * twice. The caller acknowledges only once this resolves. A newsletter request answers the same
 * whether the address was known or not.
 */
export async function takeLead(
  ports: LeadIntakePorts,
  settings: LeadIntakeSettings,
  request: LeadRequest,
  context: { readonly now: Date; readonly newId: string },
): Promise<LeadIntakeOutcome> {
  const stored = await ports.inbox.store(leadSubmissionOf(request, context.newId, context.now));
  if (stored.outcome === "key-reused") return stored;
  const { submission } = stored;

  // The team's mail and the visitor's are independent: queued side by side (one commit between them).
  await Promise.all([notifyTeam(ports, settings, submission), answerVisitor(ports, settings, submission)]);
  return { outcome: "accepted", submission, repeat: stored.outcome === "repeat" };
}

/**
 * What the submission names by an internal value (an event's or a job offer's slug, a CV's id), as
 * the team knows it (issue 49 item 19). A lookup that fails leaves the name out: the mail still goes.
 */
async function leadNamesOf(ports: LeadIntakePorts, settings: LeadIntakeSettings, { fields }: LeadSubmission): Promise<LeadNames> {
  const text = (name: string) => (typeof fields[name] === "string" && fields[name] !== "" ? (fields[name] as string) : undefined);
  const quietly = <T>(lookup: Promise<T>) => lookup.catch(() => undefined);
  const [event, jobOffer, cv] = await Promise.all([
    text("event") && quietly(settings.titles.event(text("event")!, settings.teamLocale)),
    text("jobOffer") && quietly(settings.titles.jobOffer(text("jobOffer")!, settings.teamLocale)),
    text("cv") && quietly(ports.files.read(text("cv")!)),
  ]);
  return {
    ...(event ? { event } : {}),
    ...(jobOffer ? { jobOffer } : {}),
    ...(cv ? { cv: { name: cv.file.originalName, bytes: cv.file.size } } : {}),
  };
}

async function notifyTeam(ports: LeadIntakePorts, settings: LeadIntakeSettings, submission: LeadSubmission): Promise<void> {
  const team = settings.teamAddresses[submission.kind];
  if (!team) return;
  await ports.mail.send(
    {
      to: team,
      locale: settings.teamLocale,
      template: "leadReceived",
      params: {
        kind: submission.kind,
        submissionId: submission.id,
        submittedAt: submission.submittedAt,
        visitorLocale: submission.locale,
        fields: submission.fields,
        named: await leadNamesOf(ports, settings, submission),
      },
    },
    { key: `${submission.id}.team` },
  );
}

async function answerVisitor(ports: LeadIntakePorts, settings: LeadIntakeSettings, submission: LeadSubmission): Promise<void> {
  const email = String(submission.fields.email);
  if (submission.kind !== "newsletter") {
    await ports.mail.send({ to: email, locale: submission.locale, template: "leadConfirmation", params: { kind: submission.kind } }, { key: `${submission.id}.visitor` });
    return;
  }
  const subscription = await ports.newsletter.request(email, submission.locale, submission.submittedAt);
  // A subscribed address gets no mail: the answer is the same, and no one can mail it at will.
  if (subscription.status === "subscribed") return;
  await ports.mail.send(
    {
      to: email,
      locale: submission.locale,
      template: "newsletterConfirm",
      params: { link: settings.newsletterLinks.confirm(email, submission.locale) },
      unsubscribe: { page: settings.newsletterLinks.unsubscribePage(email, submission.locale), oneClick: settings.newsletterLinks.oneClickUnsubscribe(email) },
    },
    { key: `${submission.id}.confirm` },
  );
}
