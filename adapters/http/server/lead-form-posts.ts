import type { Context } from "hono";
import {
  CV_FILE_RULES,
  LEAD_FORM_FIELDS,
  LEAD_FORM_KINDS,
  LEAD_HONEYPOT_FIELD,
  fieldIssuesOf,
  formPostValues,
  isLocaleCode,
  recogniseCvFile,
  type FieldValues,
  type FilesPort,
  type FormPost,
  type FormPostOutcome,
  type LeadFormKind,
  type LeadIntake,
  type LeadIntakeOutcome,
  type LocaleCode,
  type RequestSessionVerifier,
} from "../../../core";
import { addressKey, clientAddress } from "./client-address";
import { ifFull } from "./form-upload.route";
import type { NewsletterAction, NewsletterActionOutcome } from "./newsletter.route";
import type { PageFormAction } from "./page-form-posts.middleware";

export interface LeadFormPostOptions {
  readonly intake: LeadIntake;
  readonly files: FilesPort;
  readonly sessions: RequestSessionVerifier;
  readonly trustedProxies: number;
  readonly defaultLocale: LocaleCode;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

const STATUS_OF: Record<FormPostOutcome, number> = { accepted: 200, invalid: 422, "rate-limited": 429, failed: 503 };

/**
 * The lead forms sent to their page without JavaScript: the same reception as the JSON API, with
 * the CV, if any, saved first. The page renders again with the values (never the file) and the
 * messages, or with the success message.
 */
export function leadFormPostAction(options: LeadFormPostOptions): Record<LeadFormKind, PageFormAction> {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const actionOf = (kind: LeadFormKind): PageFormAction => ({
    async handle(fields, c) {
      const values = postedValues(kind, fields);
      const locale = isLocaleCode(fields.locale) ? fields.locale : options.defaultLocale;
      const clientKey = addressKey(clientAddress(c.req.raw, options.trustedProxies));

      const body: Record<string, string | boolean> = { ...values };
      const fileIssue = kind === "job-application" ? await saveCv(fields.cv, options.files, body) : undefined;
      const reception: LeadIntakeOutcome = fileIssue
        ? { outcome: "invalid", issues: [{ path: "cv", message: fileIssue }] }
        : await options.intake.receive({ kind, body, locale, userId: await userIdOf(c, options.sessions), idempotencyKey: undefined, clientKey, now: now(), id: newId() });
      // The page asks for the file again with the form: the one kept would only wait for the purge.
      if (reception.outcome !== "accepted" && typeof body.cv === "string" && body.cv !== "") await options.files.delete(body.cv);
      const post = formPostOf(kind, shownValues(kind, values), reception);
      return {
        status: STATUS_OF[post.outcome],
        post,
        headers: reception.outcome === "rate-limited" ? { "Retry-After": String(reception.retryAfterSeconds) } : undefined,
      };
    },
    // Only a CV makes an application this large: the form comes back as typed, asking for a smaller file.
    tooLarge: (fields): { post: FormPost } => ({
      post: {
        form: kind,
        values: shownValues(kind, postedValues(kind, fields)),
        issues: kind === "job-application" ? { cv: "validation.cv.tooLarge" } : { "": "feedback.error.payloadTooLarge" },
        outcome: "invalid",
      },
    }),
  });
  return Object.fromEntries(LEAD_FORM_KINDS.map((kind) => [kind, actionOf(kind)])) as Record<LeadFormKind, PageFormAction>;
}

/** A plain post's fields as the form's values (its honeypot too; never a file). */
function postedValues(kind: LeadFormKind, fields: Readonly<Record<string, unknown>>): FieldValues {
  const form = LEAD_FORM_FIELDS[kind];
  return formPostValues(fields, {
    text: [...form.filter((field) => field.control !== "checkbox" && field.control !== "file").map((field) => field.name), LEAD_HONEYPOT_FIELD],
    checkboxes: form.filter((field) => field.control === "checkbox").map((field) => field.name),
  });
}

/** The values the page shows again: not the honeypot's, and an empty CV (the page asks for the file again). */
function shownValues(kind: LeadFormKind, values: FieldValues): FieldValues {
  const { [LEAD_HONEYPOT_FIELD]: _honeypot, ...shown } = values;
  return kind === "job-application" ? { ...shown, cv: "" } : shown;
}

/** The newsletter's confirm and unsubscribe buttons, sent without JavaScript. */
export function newsletterPostAction(act: (action: NewsletterAction, token: string) => Promise<NewsletterActionOutcome>): Record<string, PageFormAction> {
  const actionOf = (action: NewsletterAction): PageFormAction => ({
    async handle(fields) {
      const token = typeof fields.token === "string" ? fields.token : "";
      const outcome = token ? await act(action, token) : "invalid-link";
      const post: FormPost =
        outcome === "invalid-link"
          ? { form: `newsletter-${action}`, values: {}, issues: { "": `newsletter.${action}.invalidLink` }, outcome: "invalid" }
          : { form: `newsletter-${action}`, values: {}, issues: {}, outcome: "accepted" };
      return { status: outcome === "invalid-link" ? 403 : 200, post };
    },
  });
  return { "newsletter-confirm": actionOf("confirm"), "newsletter-unsubscribe": actionOf("unsubscribe") };
}

/** Saves a posted CV and puts its id in the body; answers a message key when the file cannot be taken. */
async function saveCv(file: unknown, files: FilesPort, body: Record<string, string | boolean>): Promise<string | undefined> {
  const posted = Array.isArray(file) ? file[0] : file;
  if (!(posted instanceof File) || posted.size === 0) {
    body.cv = "";
    return undefined;
  }
  if (posted.size > CV_FILE_RULES.maxBytes) return "validation.cv.tooLarge";
  const bytes = new Uint8Array(await posted.arrayBuffer());
  const recognised = recogniseCvFile(bytes);
  if (!recognised) return "validation.cv.unsupported";
  const stored = await files.save({ bytes, contentType: recognised.contentType, originalName: posted.name, purpose: "cv" }).catch(ifFull("full" as const));
  if (stored === "full") return "validation.cv.busy";
  body.cv = stored.id;
  return undefined;
}

async function userIdOf(c: Context, sessions: RequestSessionVerifier): Promise<string | null> {
  return (await sessions.userOf(c.req.header("Cookie")))?.uid ?? null;
}

function formPostOf(kind: LeadFormKind, values: FormPost["values"], reception: LeadIntakeOutcome): FormPost {
  switch (reception.outcome) {
    case "accepted":
      return { form: kind, values: {}, issues: {}, outcome: "accepted" };
    case "invalid":
      return { form: kind, values, issues: fieldIssuesOf(reception.issues), outcome: "invalid" };
    case "rate-limited":
      return { form: kind, values, issues: { "": "feedback.error.tooManySubmissions" }, outcome: "rate-limited" };
    case "invalid-key":
    case "key-reused":
    case "unavailable":
      return { form: kind, values, issues: { "": "feedback.error.formSubmitFailed" }, outcome: "failed" };
  }
}
