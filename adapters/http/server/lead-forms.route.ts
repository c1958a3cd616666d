import { Hono, type Context } from "hono";
import { LEAD_FORM_KINDS, detectLocale, leadFormsApi, type LeadFormKind, type LeadIntake, type LeadIntakeOutcome, type LocaleCode, type RequestSessionVerifier } from "../../../core";
import { apiError, readJsonBody } from "./api-error";
import { serveEndpoint } from "./api-endpoint";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";

export interface LeadFormsRouteOptions {
  readonly intake: LeadIntake;
  readonly sessions: RequestSessionVerifier;
  readonly allowedOrigins: readonly string[];
  readonly trustedProxies: number;
  readonly defaultLocale: LocaleCode;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

const isLeadFormKind = (value: string): value is LeadFormKind => (LEAD_FORM_KINDS as readonly string[]).includes(value);

/**
 * The lead forms' API, at `leadFormsApi.base`: `POST /{kind}` with the form's JSON (kinds: contact,
 * hospitality, newsletter, job-application) and an `Idempotency-Key` header, answered 201 once the
 * submission is stored (200 for a repeat of one already stored), 422 with the issues, 429 with
 * Retry-After, 503 when the store cannot take it (nothing acknowledged: retry with the same key).
 * The visitor's language comes from Accept-Language ('ca' being Valencian).
 */
export function leadFormsRoute(options: LeadFormsRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const app = new Hono();
  app.use(sameOriginWrites(options.allowedOrigins));

  serveEndpoint(app, leadFormsApi.base, leadFormsApi.submit, async (c, { params }) => {
    const { kind } = params;
    if (!isLeadFormKind(kind)) return apiError(c, "not-found");
    const json = await readJsonBody(c);
    if (!json.ok) return json.response;
    // A form's payload is an object; any other JSON is not a form.
    const body = json.value;
    if (typeof body !== "object" || body === null || Array.isArray(body)) return apiError(c, "invalid-request");
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    const reception = await options.intake.receive({
      kind,
      body,
      // The API client sends the page's language ('val' as 'ca'); no cookie is consulted here.
      locale: detectLocale({ cookie: null, acceptLanguage: c.req.header("Accept-Language"), fallback: options.defaultLocale }),
      userId: user?.uid ?? null,
      idempotencyKey: c.req.header("Idempotency-Key"),
      clientKey: addressKey(clientAddress(c.req.raw, options.trustedProxies)),
      now: now(),
      id: newId(),
    });
    return answerOf(c, reception);
  });
  return app;
}

function answerOf(c: Context, reception: LeadIntakeOutcome): Response {
  switch (reception.outcome) {
    case "accepted":
      return c.json({ id: reception.id }, reception.repeat ? 200 : 201, { "Cache-Control": "no-store" });
    case "invalid":
      return apiError(c, "unprocessable", { message: "validation.form.incomplete", issues: reception.issues });
    case "invalid-key":
      return apiError(c, "invalid-request");
    case "key-reused":
      // The client reused its Idempotency-Key for other fields: a fault of the client, said as a failed submit.
      return apiError(c, "conflict", { message: "feedback.error.formSubmitFailed" });
    case "rate-limited":
      return apiError(c, "too-many-requests", { message: "feedback.error.tooManySubmissions", retryAfterSeconds: reception.retryAfterSeconds });
    case "unavailable":
      return apiError(c, "busy", { message: "feedback.error.formSubmitFailed", retryAfterSeconds: 2 });
  }
}
