import { createHash, randomUUID } from "node:crypto";
import { Schema } from "effect";
import {
  LEAD_FORM_SCHEMAS,
  LEAD_HONEYPOT_FIELD,
  takeLead,
  type FilesPort,
  type LeadFormKind,
  type LeadIntakePorts,
  type LeadIntakeSettings,
  type LocaleCode,
  type Logger,
  type RateLimiter,
} from "../../../core";
import { schemaIssuesOf, type ApiIssue } from "./api-error";

export interface LeadReceptionOptions {
  readonly ports: LeadIntakePorts;
  readonly settings: LeadIntakeSettings;
  /** Where uploaded CVs are: an application must name one that exists, and attaches it. */
  readonly files: FilesPort;
  /** Per client address (see client-address.ts). */
  readonly limiter: RateLimiter;
  readonly logger: Logger;
  readonly now?: () => Date;
  readonly newId?: () => string;
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
  readonly clientKey: string;
}

export type LeadReception =
  | { readonly outcome: "accepted"; readonly id: string; readonly repeat: boolean }
  | { readonly outcome: "invalid"; readonly issues: readonly ApiIssue[] }
  | { readonly outcome: "invalid-key" }
  | { readonly outcome: "key-reused" }
  | { readonly outcome: "rate-limited"; readonly retryAfterSeconds: number }
  /** The store could not take it now; nothing was acknowledged, the client may retry. */
  | { readonly outcome: "unavailable" };

/** Client-made idempotency keys: a UUID or any token of this shape. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The server's side of every lead form, for the JSON API and for plain form posts alike: rate
 * limit, honeypot, the kind's schema (the one the browser checks with), the CV's existence, then
 * the core's intake, which stores before anything is acknowledged.
 */
export function createLeadReception(options: LeadReceptionOptions) {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  return async function receive(delivery: LeadDelivery): Promise<LeadReception> {
    const rate = await options.limiter.take(delivery.clientKey);
    if (!rate.allowed) return { outcome: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
    if (delivery.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(delivery.idempotencyKey)) return { outcome: "invalid-key" };

    // A filled honeypot is a bot: it is told what a person would be told, and nothing is kept.
    const body = delivery.body;
    if (typeof body === "object" && body !== null && hasFilledHoneypot(body)) {
      options.logger.info("forms.honeypot", { kind: delivery.kind });
      return { outcome: "accepted", id: newId(), repeat: false };
    }

    const decoded = Schema.decodeUnknownResult(LEAD_FORM_SCHEMAS[delivery.kind] as Schema.ConstraintDecoder<unknown>)(body, { errors: "all", onExcessProperty: "ignore" });
    if (decoded._tag === "Failure") return { outcome: "invalid", issues: schemaIssuesOf(decoded.failure.issue) };
    const fields = decoded.success as Readonly<Record<string, string | boolean>>;

    // Attached before the submission is stored: a CV named by a stored submission is never purged as abandoned.
    if (delivery.kind === "job-application" && typeof fields.cv === "string" && !(await options.files.attach(fields.cv))) {
      return { outcome: "invalid", issues: [{ path: "cv", message: "validation.cv.missing" }] };
    }

    const fingerprint = fingerprintOf(delivery.kind, fields);
    const at = now();
    try {
      const taken = await takeLead(
        options.ports,
        options.settings,
        { kind: delivery.kind, fields, locale: delivery.locale, userId: delivery.userId, idempotencyKey: delivery.idempotencyKey ?? keyOfTheDay(fingerprint, at), fingerprint },
        { now: at, newId: newId() },
      );
      if (taken.outcome === "key-reused") return taken;
      return { outcome: "accepted", id: taken.submission.id, repeat: taken.repeat };
    } catch (error) {
      options.logger.error("forms.store-failed", { kind: delivery.kind, error: String(error) });
      return { outcome: "unavailable" };
    }
  };
}

export type LeadReceiver = ReturnType<typeof createLeadReception>;

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

/** The same kind and fields give the same digest, whatever order the keys came in. */
export function fingerprintOf(kind: LeadFormKind, fields: Readonly<Record<string, string | boolean>>): string {
  const canonical = JSON.stringify([kind, ...Object.keys(fields).sort().map((name) => [name, fields[name]])]);
  return createHash("sha256").update(canonical).digest("base64url");
}
