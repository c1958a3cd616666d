import type { HoldTiming, TicketAvailability, TicketOffer, TicketPurchaseFailure, TicketsClient } from "../../../core";
import type { ApiClient } from "./api-client.adapter";
import { ApiError } from "./api-error";

interface HoldBody {
  readonly holdId: string;
  readonly expiresAt: string;
  readonly storeNow: string;
}

const timingOf = (body: HoldBody): HoldTiming => ({ storeNow: Date.parse(body.storeNow), expiresAt: Date.parse(body.expiresAt) });

/** The API's refusals as the purchase machine knows them; others stay ApiErrors. */
function failureOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const kind = kindOf(error);
  return kind ? ({ kind } satisfies TicketPurchaseFailure) : error;
}

function kindOf(error: ApiError): TicketPurchaseFailure["kind"] | undefined {
  if (error.code === "sold-out" || error.code === "not-on-sale" || error.code === "over-limit") return "sold-out";
  if (error.code === "hold-expired") return "hold-expired";
  // Told apart by code, not by message: a message key in this module would ship its text with every page.
  if (error.code === "over-buyer-limit" || error.code === "buyer-limit-reached") return error.code;
  if (error.code === "too-many-requests") return "rate-limited";
  if (error.status === undefined || error.code === "network") return "network";
  return undefined;
}

/**
 * TicketsClient on the site's API (/api/tickets): holds and payments carry an Idempotency-Key
 * (the checkout's; the hold's own id for its payment, which the server charges once), so the API
 * client may retry them through a flaky connection.
 */
export function createTicketsClient(api: ApiClient): TicketsClient {
  const events = (slug: string) => `/api/tickets/events/${encodeURIComponent(slug)}`;
  const holds = (holdId: string) => `/api/tickets/holds/${encodeURIComponent(holdId)}`;
  const failing = <T>(request: Promise<T>) => request.catch((error: unknown) => Promise.reject(failureOf(error)));
  return {
    offer: (slug) => failing(api.request<TicketOffer>(`${events(slug)}/offer`)),
    availability: (slug) => failing(api.request<TicketAvailability>(`${events(slug)}/availability`, { anonymous: true })),
    async hold(slug, tickets, checkoutKey) {
      const body = await failing(api.request<HoldBody>(`${events(slug)}/holds`, { method: "POST", body: { lines: tickets }, idempotencyKey: checkoutKey }));
      return { holdId: body.holdId, ...timingOf(body) };
    },
    async extend(holdId) {
      return timingOf(await failing(api.request<HoldBody>(`${holds(holdId)}/extension`, { method: "POST" })));
    },
    async release(holdId) {
      await failing(api.request<void>(holds(holdId), { method: "DELETE" }));
    },
    pay: (holdId) => failing(api.request(`${holds(holdId)}/payment`, { method: "POST", idempotencyKey: holdId })),
  };
}
