/**
 * The site's API, each endpoint declared once. How to declare one (docs/routes.md has the steps):
 *
 *   // core/api/<concept>.endpoints.ts: framework-free, imports only the core
 *   export const base = "/api/tickets";            // where the concept's Hono route is mounted
 *   export const claim = endpoint<{ readonly order: TicketOrder }>()({   // `=` then the @__PURE__ comment
 *     method: "POST",
 *     path: "/api/tickets/claims",                  // absolute; `:name` for a parameter
 *     body: () => import("../domain/tickets/ticket-requests.schema").then((schemas) => schemas.ClaimPurchaseCodeBody),
 *   });
 *
 * - `body` is a thunk that imports the request's Effect schema, so that a chunk that only names
 *   the endpoint never loads Effect; `endpoint<Answer, Sent>()` types the answer, and a body that
 *   no schema of the endpoint decodes (`Sent`).
 * - The pure mark lets the bundler drop the endpoints nothing uses (checked by
 *   tests/architecture/api-endpoints.test.ts).
 * - Re-exported here as a namespace (`ticketsApi.claim`).
 *
 * The server derives its route from it: `serveEndpoint(app, ticketsApi.base, ticketsApi.claim,
 * async (c, { params, body, answer }) => …)` (adapters/http/server/api-endpoint.ts), where
 * `await body()` is the decoded body or the 400/422 in the API's error shape, read when the route
 * is ready for it (after its session and rate checks), and `answer(value, status, headers)` is typed.
 * The composition mounts the route at `base`; `endpointPath(endpoint, params, query)` builds a URL.
 */
export * from "./endpoint";
export * as accountApi from "./account.endpoints";
export * as checkInsApi from "./check-ins.endpoints";
export * as leadFormsApi from "./lead-forms.endpoints";
export * as newsletterApi from "./newsletter.endpoints";
export * as ticketsApi from "./tickets.endpoints";
