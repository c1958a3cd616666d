import type { Context, Env, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Endpoint, EndpointAnswer, EndpointBody, EndpointParams } from "../../../core";
import { apiError, decodeJsonBody, type DecodedBody } from "./api-error";

/** What a route's handler gets for one call of its endpoint. */
export interface EndpointRequest<E extends Endpoint> {
  readonly params: EndpointParams<E>;
  /** The body decoded with the endpoint's schema, or the 400/422 to answer (read when the route is ready to, after its own checks). */
  readonly body: () => Promise<DecodedBody<EndpointBody<E>["Type"]>>;
  /** The endpoint's answer as JSON. */
  readonly answer: (value: EndpointAnswer<E>, status?: ContentfulStatusCode, headers?: Record<string, string>) => Response;
}

/**
 * Serves `endpoint` on a route mounted at `base` (the concept's, as declared beside it): its method
 * and path come from the declaration, as do its body's schema and its answer's type.
 */
export function serveEndpoint<E extends Env, D extends Endpoint>(
  app: Hono<E>,
  base: string,
  endpoint: D,
  handler: (c: Context<E>, request: EndpointRequest<D>) => Response | Promise<Response>,
): void {
  if (!endpoint.path.startsWith(base)) throw new Error(`${endpoint.path} is not under ${base}`);
  const loadSchema = endpoint.body;
  app.on(endpoint.method, endpoint.path.slice(base.length) || "/", (c) =>
    handler(c as Context<E>, {
      params: c.req.param() as EndpointParams<D>,
      body: async () => (loadSchema ? decodeJsonBody(c, (await loadSchema()) as EndpointBody<D>) : { ok: false, response: apiError(c, "invalid-request") }),
      answer: (value, status = 200, headers) => c.json(value as object, status, headers),
    }),
  );
}
