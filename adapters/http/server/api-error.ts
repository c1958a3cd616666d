import { Schema, SchemaIssue } from "effect";
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ClientErrorStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";
import { payloadIssuesOf, type Logger } from "../../../core";
import type { ApiMessage } from "../api-messages";
import type { EditorApiMessage } from "../editor-api-messages";
import { RequestDeadlineError } from "./request-deadline.middleware";
import { traceFields } from "./request-trace";

/**
 * The one error shape of this site's API: `{ error: { code, message, issues? } }`, with `message`
 * a translation key the client shows as it is. A route names a code; the code decides the status,
 * so no route picks a status by hand. (The embedded Content Delivery API answers in Storyblok's own
 * error shape on purpose, and does not use this.)
 */
export const API_ERRORS = {
  /** Not JSON, not a JSON content type, or no body at all. */
  "invalid-request": { status: 400, message: "feedback.error.generic" },
  "invalid-image-options": { status: 400, message: "feedback.error.generic" },
  unauthorized: { status: 401, message: "feedback.error.generic" },
  /** The embedded editor's sign-in with another password. */
  "wrong-password": { status: 401, message: "account.error.wrongPassword" },
  /** The content preview without a genuine, fresh editor signature. */
  "not-a-preview": { status: 401, message: "feedback.error.generic" },
  /** A webhook call not signed with the shared secret. */
  "invalid-signature": { status: 401, message: "feedback.error.generic" },
  forbidden: { status: 403, message: "feedback.error.generic" },
  /** A pending user's account is limited until the address is verified (SPEC §4, §6). */
  "email-not-verified": { status: 403, message: "account.error.emailNotVerified" },
  "not-found": { status: 404, message: "feedback.error.notFound" },
  /** The thing to create exists already. */
  conflict: { status: 409, message: "feedback.error.generic" },
  /** The story changed since the editor opened it: a second editor never overwrites the first. */
  "stale-version": { status: 409, message: "editor.error.stale" },
  /** The folder has a story with that slug already. */
  "story-exists": { status: 409, message: "editor.error.storyExists" },
  /** Tickets (issue 10): what a buyer asked for cannot be had now. */
  "sold-out": { status: 409, message: "tickets.error.soldOut" },
  "not-on-sale": { status: 409, message: "tickets.error.notOnSale" },
  /** Issue 51: the event's waiting room has not admitted this browser, or its admission window has passed. */
  "not-admitted": { status: 403, message: "waitingRoom.error.notAdmitted" },
  "hold-expired": { status: 409, message: "tickets.error.holdExpired" },
  "already-extended": { status: 409, message: "tickets.error.extendFailed" },
  /** A purchase code no one has, or one another account claimed: the same answer for both (issue 48). */
  "unknown-purchase-code": { status: 404, message: "tickets.error.unknownCode" },
  "over-limit": { status: 422, message: "tickets.error.overLimit" },
  /** More than one buyer may have of a type for the event, with what they hold and bought (issue 48). */
  "over-buyer-limit": { status: 422, message: "tickets.error.overBuyerLimit" },
  /** The buyer already has all they may of a type for the event: choosing fewer will not help. */
  "buyer-limit-reached": { status: 422, message: "tickets.error.buyerLimitReached" },
  "payload-too-large": { status: 413, message: "feedback.error.payloadTooLarge" },
  /** An upload whose content (not its name or declared type) is none of the kinds the route takes. */
  "unsupported-media-type": { status: 415, message: "feedback.error.unsupportedMediaType" },
  /** Well-formed JSON that the route's schema refuses; the issues say where. */
  unprocessable: { status: 422, message: "feedback.error.generic" },
  /** Preview content that does not decode as a page. */
  "invalid-content": { status: 422, message: "feedback.error.generic" },
  "image-too-large": { status: 422, message: "feedback.error.generic" },
  "unreadable-image": { status: 422, message: "feedback.error.generic" },
  /** Registration (issue 48 item 9): what the request itself shows, never whether the address is known. */
  "invalid-email": { status: 400, message: "account.error.invalidEmail" },
  "weak-password": { status: 400, message: "account.error.weakPassword" },
  "too-many-requests": { status: 429, message: "account.error.tooManyRequests", retryAfter: true },
  internal: { status: 500, message: "feedback.error.generic" },
  busy: { status: 503, message: "feedback.error.busy", retryAfter: true },
  /** The request's deadline (REQUEST_DEADLINE_MS) passed before it was answered; what it started was stopped or undone. */
  "deadline-passed": { status: 503, message: "feedback.error.busy", retryAfter: true },
  /** The site keeps as many unattached uploads as it may (UNATTACHED_FILES_LIMIT) until forms name theirs or the purge takes abandoned ones. */
  "uploads-full": { status: 503, message: "feedback.error.busy", retryAfter: true },
} as const satisfies Record<string, { status: ClientErrorStatusCode | ServerErrorStatusCode; message: ApiMessage | EditorApiMessage; retryAfter?: true }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** Where a payload is wrong (`a.b.0`, empty for the whole body) and the schema's message. */
export interface ApiIssue {
  readonly path: string;
  readonly message: string;
}

export interface ApiErrorBody {
  readonly error: { readonly code: ApiErrorCode; readonly message: string; readonly issues?: readonly ApiIssue[] };
}

/** The codes that ask the client to wait: their answers carry Retry-After. */
export type RetryingApiErrorCode = { [C in ApiErrorCode]: (typeof API_ERRORS)[C] extends { retryAfter: true } ? C : never }[ApiErrorCode];

export interface ApiErrorOptions {
  /** Another translation key than the code's own. */
  readonly message?: ApiMessage | EditorApiMessage;
  /** What exactly was wrong, for developers (schema issues, an image service diagnostic). */
  readonly issues?: readonly ApiIssue[];
}

type ApiErrorArguments<C extends ApiErrorCode> = C extends RetryingApiErrorCode
  ? [options: ApiErrorOptions & { readonly retryAfterSeconds: number }]
  : [options?: ApiErrorOptions];

/** The error answer for `code`: its status, the shared body, never cached; Retry-After where the code asks for it. */
export function apiError<C extends ApiErrorCode>(c: Context, code: C, ...[options]: ApiErrorArguments<C>): Response {
  const entry: { status: ClientErrorStatusCode | ServerErrorStatusCode; message: ApiMessage | EditorApiMessage } = API_ERRORS[code];
  const { message = entry.message, issues, retryAfterSeconds } = (options ?? {}) as ApiErrorOptions & { retryAfterSeconds?: number };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(Math.max(0, Math.ceil(retryAfterSeconds)));
  const body: ApiErrorBody = { error: issues ? { code, message, issues } : { code, message } };
  return c.json(body, entry.status, headers);
}

export type DecodedBody<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly response: Response };

/**
 * Reads a JSON request body and decodes it with a core schema. Bad input is the client's fault,
 * never a 5xx: another content type, an empty body or malformed JSON is 400 `invalid-request`;
 * JSON the schema refuses is 422 `unprocessable` with every issue. `__proto__` keys are dropped
 * while parsing, so nothing that later merges the value can reach a prototype.
 */
export async function decodeJsonBody<S extends Schema.ConstraintDecoder<unknown>>(c: Context, schema: S): Promise<DecodedBody<S["Type"]>> {
  const json = await readJsonBody(c);
  if (!json.ok) return json;
  const result = Schema.decodeUnknownResult(schema)(json.value, { errors: "all" });
  if (result._tag === "Success") return { ok: true, value: result.success };
  return { ok: false, response: apiError(c, "unprocessable", { issues: schemaIssuesOf(result.failure.issue) }) };
}

/** The body as JSON, undecoded (`__proto__` keys dropped), or the 400 for another content type, an empty body or malformed JSON. */
export async function readJsonBody(c: Context): Promise<DecodedBody<unknown>> {
  if (!isJsonMediaType(c.req.header("Content-Type"))) return { ok: false, response: apiError(c, "invalid-request") };
  try {
    const text = await c.req.text();
    if (text.trim() === "") return { ok: false, response: apiError(c, "invalid-request") };
    return { ok: true, value: JSON.parse(text, withoutPrototypeKeys) };
  } catch {
    return { ok: false, response: apiError(c, "invalid-request") };
  }
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

function withoutPrototypeKeys(key: string, value: unknown): unknown {
  if (key === "__proto__") return undefined;
  if (key === "constructor" && typeof value === "object" && value !== null && Object.hasOwn(value, "prototype")) return undefined;
  return value;
}

/** A schema's refusal as the API says it: each problem's dotted path and message key (the core's, which lead intake answers with too). */
export const schemaIssuesOf: (issue: SchemaIssue.Issue) => ApiIssue[] = payloadIssuesOf;

/** Hono's own refusals that have a code here keep their status and get the shared body. */
const CODE_OF_STATUS: Partial<Record<number, ApiErrorCode>> = {
  400: "invalid-request",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  413: "payload-too-large",
  422: "unprocessable",
};

/**
 * The app's `onError`: whatever a route or middleware throws is a 500 in the shared shape, with
 * nothing of the error in the answer; the error itself goes to the log, with the request's trace.
 * Work that stopped at the request's deadline is the deadline's 503.
 */
export function apiErrorHandler(logger: Logger, traceProjectId?: string): ErrorHandler {
  return (cause, c) => {
    if (cause instanceof HTTPException && cause.status < 500) {
      const code = CODE_OF_STATUS[cause.status];
      return code ? apiError(c, code) : cause.getResponse();
    }
    if (cause instanceof RequestDeadlineError) return apiError(c, "deadline-passed", { retryAfterSeconds: 1 });
    // The path without its query: queries may carry tokens.
    logger.error(
      "http.unhandled-error",
      Object.assign({ method: c.req.method, path: c.req.path, error: cause.name, message: cause.message, stack: cause.stack }, traceFields(c.req.raw.headers, traceProjectId)),
    );
    return apiError(c, "internal");
  };
}
