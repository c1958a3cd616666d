import { HTTP_RETRY, LOCALES, type LocaleCode, type RetryPolicy } from "../../../core";
import { isApiMessage } from "../api-messages";
import { ApiError } from "./api-error";

export interface ApiClientOptions {
  readonly baseUrl: string;
  readonly locale: () => LocaleCode;
  /** The signed-in user's fresh ID token, or null when nobody is signed in. */
  readonly idToken: () => Promise<string | null>;
  readonly defaultHeaders?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
  readonly retryPolicy?: RetryPolicy;
  /** The text keys every call of this client may be refused with beyond the common ones (the account pages' areas). */
  readonly messages?: readonly string[];
}

export interface ApiRequest {
  readonly method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Makes a POST or PATCH safe to retry: the server answers a repeat with the first result. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** The text keys this call's refusals may name beyond the common ones (an area's list beside api-messages.ts); others show as the generic error. */
  readonly messages?: readonly string[];
  /** A public answer, the same for everyone: sent without the Bearer token, which keeps a CDN from answering it (it passes any request that carries one). */
  readonly anonymous?: boolean;
}

export interface ApiClient {
  request<T>(path: string, request?: ApiRequest): Promise<T>;
}

const IDEMPOTENT = new Set(["GET", "PUT", "DELETE"]);

/**
 * The browser's client for this site's API (SPEC §7): a Bearer token when signed in,
 * Accept-Language from the current locale ('val' as 'ca'), the default headers merged in,
 * and the core's retry policy for 5xx, 408 and 429 on requests that are safe to repeat.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const policy = options.retryPolicy ?? HTTP_RETRY;

  async function attempt<T>(path: string, request: ApiRequest): Promise<T> {
    const method = request.method ?? "GET";
    const headers = new Headers(options.defaultHeaders);
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    headers.set("Accept", "application/json");
    headers.set("Accept-Language", LOCALES[options.locale()].acceptLanguage);
    const token = request.anonymous ? null : await options.idToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (request.idempotencyKey) headers.set("Idempotency-Key", request.idempotencyKey);
    let body: string | undefined;
    if (request.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await doFetch(new URL(path, options.baseUrl), { method, headers, body, signal: request.signal, credentials: "same-origin" });
    } catch (error) {
      throw new ApiError(undefined, "network", error instanceof Error ? error.message : String(error));
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = (payload as { error?: { code?: string; message?: string; issues?: unknown } } | undefined)?.error;
      const named = problem?.message;
      const message = isApiMessage(named, options.messages) || isApiMessage(named, request.messages) ? named : "feedback.error.generic";
      throw new ApiError(response.status, problem?.code ?? "http-error", message, retryAfterMs(response), issuesOf(problem?.issues));
    }
    return payload as T;
  }

  return {
    async request<T>(path: string, request: ApiRequest = {}) {
      const method = request.method ?? "GET";
      const retryable = IDEMPOTENT.has(method) || request.idempotencyKey !== undefined;
      if (!retryable) return attempt<T>(path, request);
      let last: unknown;
      // The retry machine (and XState) load with the first request that may be retried, not with the page.
      const { runWithRetry } = await import("../../../core/domain/retry/run-with-retry.ops");
      const result = await runWithRetry(
        policy,
        () =>
          attempt<T>(path, request).catch((error: unknown) => {
            last = error;
            throw error;
          }),
        { signal: request.signal },
      );
      if (result.outcome === "success") return result.value as T;
      // A refusal that is not worth retrying (a 422) keeps everything the server said.
      if (result.outcome === "failed" && last instanceof ApiError) throw last;
      const failure = result.failure;
      throw new ApiError(failure?.status, failure?.code ?? result.outcome, failure?.message ?? "feedback.error.generic");
    },
  };
}

function issuesOf(value: unknown): { path: string; message: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === "string" && typeof message === "string" ? [{ path, message }] : [];
  });
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
