import type { Schema } from "effect";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A JSON body's schema (the core's Effect schema that the server decodes it with). */
export type BodySchema = Schema.Codec<unknown, unknown>;

/**
 * One endpoint of the site's API, declared once in core/api: the server's route and the browser's
 * client are both derived from it. `body` loads its schema when first needed, so a page that calls
 * the endpoint does not load Effect for it. `answer` is never set: it carries the answer's type,
 * which the browser takes from its own server as it is (decoding it there would load Effect).
 * `Sent` types a body that no schema of the endpoint's own decodes (a lead form's, decoded by its
 * kind's schema in the core's intake; a newsletter link's token, which the route reads itself).
 */
export interface Endpoint<Path extends string = string, Body extends BodySchema = BodySchema, Answer = unknown, Sent = unknown> {
  readonly method: ApiMethod;
  /** Absolute, with Hono's `:name` for each parameter (one path segment each). */
  readonly path: Path;
  readonly body?: () => Promise<Body>;
  readonly answer?: Answer;
  readonly sent?: Sent;
}

/**
 * Declares an endpoint answering `Answer`: `endpoint<Answer>()({ method, path, body })`, the call
 * marked pure (a `@__PURE__` comment before it), so that the bundler leaves out the endpoints that
 * nothing calls (tests/architecture/api-endpoints.test.ts checks the mark).
 */
export const endpoint =
  <Answer = void, Sent = never>() =>
  <const Path extends `/${string}`, Body extends BodySchema = never>(declaration: {
    readonly method: ApiMethod;
    readonly path: Path;
    readonly body?: () => Promise<Body>;
  }): Endpoint<Path, Body, Answer, Sent> =>
    declaration;

/** The `:name` parameters of a path, e.g. `slug` in `/api/tickets/events/:slug/offer`. */
export type PathParameter<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameter<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type EndpointParams<E extends Endpoint> = { readonly [Name in PathParameter<E["path"]>]: string };
export type EndpointBody<E extends Endpoint> = E extends Endpoint<string, infer Body, unknown, unknown> ? Body : never;
export type EndpointAnswer<E extends Endpoint> = E extends Endpoint<string, BodySchema, infer Answer, unknown> ? Answer : never;

/** The endpoint's path with its parameters filled in, each encoded as one segment, and a query if any. */
export function endpointPath(endpoint: Endpoint, params: Readonly<Record<string, string>> = {}, query?: Readonly<Record<string, string>>): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

