import type { TicketAvailability, TicketOffer } from "../domain/tickets/ticket-sales.service";
import type { HoldTiming, TicketHold, TicketQuantity } from "../domain/tickets/ticket-purchase.machine";
import type { TicketOrder } from "./ticket-store.port";

/** A payment's answer: the order, or the payment page the browser must go to. */
export type TicketPayment = { readonly order: TicketOrder } | { readonly redirect: string };

/**
 * Browser side (the site, or a kiosk): buying tickets through the server. Failures reject with a
 * TicketPurchaseFailure where one applies (sold-out, hold-expired, payment-declined, network), so
 * the purchase machine can say what happened; anything else rejects as it comes.
 */
export interface TicketsClient {
  offer(eventSlug: string): Promise<TicketOffer>;
  /** What is left, as anyone sees it: an answer a shared cache may give for about 2 s. */
  availability(eventSlug: string): Promise<TicketAvailability>;
  /** The same `checkoutKey` on a retry holds nothing twice. */
  hold(eventSlug: string, tickets: readonly TicketQuantity[], checkoutKey: string): Promise<TicketHold>;
  extend(holdId: string): Promise<HoldTiming>;
  release(holdId: string): Promise<void>;
  pay(holdId: string): Promise<TicketPayment>;
}
