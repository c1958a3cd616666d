import { Schema } from "effect";
import { CONSENT_TEXT_VERSIONS } from "../account/consent.settings";
import type { LocaleCode } from "../locale/locale.settings";
import type { RateLimiter } from "../rate-limit/fixed-window-limiter.ops";
import type { FormInboxPort, LeadSubmission } from "../../ports/form-inbox.port";
import type { FilesPort } from "../../ports/files.port";
import type { Logger } from "../../ports/logger.port";
import type { LeadNames, MailPort } from "../../ports/mail.port";
import type { NewsletterSubscriptionsPort } from "../../ports/newsletter-subscriptions.port";
import { LEAD_HONEYPOT_FIELD } from "./form.settings";
import { LEAD_FORM_CONSENTS, LEAD_FORM_SCHEMAS, type LeadFormKind } from "./lead-forms.settings";
import { payloadIssuesOf, type PayloadIssue } from "./payload-issues.ops";

export interface LeadIntakePorts {
  readonly inbox: FormInboxPort;
  readonly newsletter: NewsletterSubscriptionsPort;
  readonly mail: MailPort;
  /** Where uploaded CVs are: an application must name one that exists, and attaches it; the team's mail names it. */
  readonly files: Pick<FilesPort, "attach" | "read">;
  /** Per client address (see client-address.ts). */
  readonly limiter: RateLimiter;
  readonly logger: Logger;
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

/** One submission as it reached the server, before any check. */
export interface LeadDelivery {
  readonly kind: LeadFormKind;
  /** The body's fields (JSON, or a plain form's fields with checkboxes as booleans). */
  readonly body: unknown;
  readonly locale: LocaleCode;
  readonly userId: string | null;
  /** The client's Idempotency-Key; absent, the fields' digest stands in for it. */
  readonly idempotencyKey: string | undefined;
  /** Who sent it, as the rate limit counts (see client-address.ts). */
  readonly clientKey: string;
  readonly now: Date;
  /** The submission's id, should it be a new one. */
  readonly id: string;
}

export type LeadIntakeOutcome =
  | { readonly outcome: "accepted"; readonly id: string; readonly repeat: boolean }
  | { readonly outcome: "invalid"; readonly issues: readonly PayloadIssue[] }
  | { readonly outcome: "invalid-key" }
  | { readonly outcome: "key-reused" }
  | { readonly outcome: "rate-limited"; readonly retryAfterSeconds: number }
  /** The store could not take it now; nothing was acknowledged, the client may retry. */
  | { readonly outcome: "unavailable" };

/** One decoded submission, as it is stored. */
interface LeadRequest {
  readonly kind: LeadFormKind;
  /** The payload, decoded with the kind's schema. */
  readonly fields: Readonly<Record<string, string | boolean>>;
  readonly locale: LocaleCode;
  readonly userId: string | null;
  readonly idempotencyKey: string;
  readonly fingerprint: string;
}

/** Client-made idempotency keys: a UUID or any token of this shape. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The submission as it will be stored: the consents its kind requires, with the texts' versions in force. */
function leadSubmissionOf(request: LeadRequest, id: string, now: Date): LeadSubmission {
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
 * Lead intake (SPEC §5, §8): what the lead forms' routes call, for the JSON API and for plain form
 * posts alike. Rate limit, honeypot, the kind's schema (the one the browser checks with), the CV's
 * existence; then the submission is stored durably, and the team's notification and the visitor's
 * mail (for the newsletter: the double opt-in link) are queued. Mails are keyed by the submission,
 * so a request repeated after a crash between the two steps queues what was missing and nothing
 * twice. The caller acknowledges only once this resolves. A newsletter request answers the same
 * whether the address was known or not.
 */
export function createLeadIntake(ports: LeadIntakePorts, settings: LeadIntakeSettings) {
  async function take(request: LeadRequest, id: string, now: Date): Promise<LeadIntakeOutcome> {
    const stored = await ports.inbox.store(leadSubmissionOf(request, id, now));
    if (stored.outcome === "key-reused") return stored;
    const { submission } = stored;
    // The team's mail and the visitor's are independent: queued side by side (one commit between them).
    await Promise.all([notifyTeam(ports, settings, submission), answerVisitor(ports, settings, submission)]);
    return { outcome: "accepted", id: submission.id, repeat: stored.outcome === "repeat" };
  }

  return {
    async receive(delivery: LeadDelivery): Promise<LeadIntakeOutcome> {
      const rate = await ports.limiter.take(delivery.clientKey);
      if (!rate.allowed) return { outcome: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
      if (delivery.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(delivery.idempotencyKey)) return { outcome: "invalid-key" };

      // A filled honeypot is a bot: it is told what a person would be told, and nothing is kept.
      const body = delivery.body;
      if (typeof body === "object" && body !== null && hasFilledHoneypot(body)) {
        ports.logger.info("forms.honeypot", { kind: delivery.kind });
        return { outcome: "accepted", id: delivery.id, repeat: false };
      }

      const decoded = Schema.decodeUnknownResult(LEAD_FORM_SCHEMAS[delivery.kind] as Schema.ConstraintDecoder<unknown>)(body, { errors: "all", onExcessProperty: "ignore" });
      if (decoded._tag === "Failure") return { outcome: "invalid", issues: payloadIssuesOf(decoded.failure.issue) };
      const fields = decoded.success as Readonly<Record<string, string | boolean>>;

      // Attached before the submission is stored: a CV named by a stored submission is never purged as abandoned.
      if (delivery.kind === "job-application" && typeof fields.cv === "string" && !(await ports.files.attach(fields.cv))) {
        return { outcome: "invalid", issues: [{ path: "cv", message: "validation.cv.missing" }] };
      }

      const fingerprint = await fingerprintOf(delivery.kind, fields);
      const { kind, locale, userId, now } = delivery;
      try {
        return await take({ kind, fields, locale, userId, idempotencyKey: delivery.idempotencyKey ?? keyOfTheDay(fingerprint, now), fingerprint }, delivery.id, now);
      } catch (error) {
        ports.logger.error("forms.store-failed", { kind, error: String(error) });
        return { outcome: "unavailable" };
      }
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;

function hasFilledHoneypot(body: object): boolean {
  const value = (body as Record<string, unknown>)[LEAD_HONEYPOT_FIELD];
  return value !== undefined && value !== "" && value !== null;
}

/**
 * A client that sends no key (a plain form post) gets one from its fields and the day: a double
 * click or a reload stores once, while the same words sent again another day are a new message.
 */
function keyOfTheDay(fingerprint: string, at: Date): string {
  return `fields.${at.toISOString().slice(0, 10)}.${fingerprint}`;
}

/** The same kind and fields give the same digest (SHA-256, base64url), whatever order the keys came in. */
export async function fingerprintOf(kind: LeadFormKind, fields: Readonly<Record<string, string | boolean>>): Promise<string> {
  const canonical = JSON.stringify([kind, ...Object.keys(fields).sort().map((name) => [name, fields[name]])]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical)));
  return btoa(String.fromCharCode(...digest)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
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
