import type { TicketAvailability, TicketOffer } from "../domain/tickets/ticket-sales.service";
import type { TicketPayment } from "../ports/tickets-client.port";
import type { TicketVerificationKey } from "../ports/ticket-signer.port";
import type { HeldTickets, TicketOrder } from "../ports/ticket-store.port";
import { endpoint } from "./endpoint";

/** Ticket sales (issue 10). Reading the offer is public; the rest is a signed-in, verified buyer's. */
export const base = "/api/tickets";

/** The store's clock beside an answer, so that the browser's countdown does not depend on its own. */
interface StoreNow {
  readonly storeNow: string;
}

export type HoldAnswer = Pick<HeldTickets, "holdId" | "lines" | "expiresAt" | "extended"> & StoreNow;

/** What can be bought now, with what is left. */
export const offer = /* @__PURE__ */ endpoint<TicketOffer & StoreNow>()({ method: "GET", path: "/api/tickets/events/:slug/offer" });

/** What is left, the same bytes in every language (the event page's): a shared cache keeps it 2 s. */
export const availability = /* @__PURE__ */ endpoint<TicketAvailability & StoreNow>()({ method: "GET", path: "/api/tickets/events/:slug/availability" });

/** Holds the lines (Idempotency-Key: one per checkout): 201. */
export const hold = /* @__PURE__ */ endpoint<HoldAnswer>()({
  method: "POST",
  path: "/api/tickets/events/:slug/holds",
  body: () => import("../domain/tickets/ticket-requests.schema").then((schemas) => schemas.HoldTicketsBody),
});

/** Once, while the hold is in force. */
export const extension = /* @__PURE__ */ endpoint<HoldAnswer>()({ method: "POST", path: "/api/tickets/holds/:holdId/extension" });

/** Lets the tickets go: 204. */
export const release = /* @__PURE__ */ endpoint()({ method: "DELETE", path: "/api/tickets/holds/:holdId" });

/** Pays: 201 with the order, or 200 with the payment page's URL. */
export const payment = /* @__PURE__ */ endpoint<TicketPayment>()({ method: "POST", path: "/api/tickets/holds/:holdId/payment" });

/** The buyer's orders. */
export const orders = /* @__PURE__ */ endpoint<{ readonly orders: readonly TicketOrder[] }>()({ method: "GET", path: "/api/tickets/orders" });

/** A visitor sent to an external seller, counted once a day (anyone; 204). Sent as a beacon. */
export const externalClick = /* @__PURE__ */ endpoint()({ method: "POST", path: "/api/tickets/events/:slug/external-clicks" });

/** Moves a box-office purchase code's order into the account. */
export const claim = /* @__PURE__ */ endpoint<{ readonly order: TicketOrder }>()({
  method: "POST",
  path: "/api/tickets/claims",
  body: () => import("../domain/tickets/ticket-requests.schema").then((schemas) => schemas.ClaimPurchaseCodeBody),
});

/** The tickets' public keys as a JWK Set, for door scanners (anyone). */
export const signingKeys = /* @__PURE__ */ endpoint<{ readonly keys: readonly TicketVerificationKey[] }>()({ method: "GET", path: "/api/tickets/signing-key" });

/** The payment provider's webhook: the exact raw body and its signature header (not JSON the site decodes). */
export const paymentWebhook = /* @__PURE__ */ endpoint<{ readonly received: true }>()({ method: "POST", path: "/api/payments/webhook" });
