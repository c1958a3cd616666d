import { useMachine } from "@xstate/react";
import { useState } from "react";
import { fromPromise } from "xstate";
import { ticketPurchaseMachine, ticketPurchaseView, ticketQuantitiesOf, type ResumedHold, type TicketTypeOnSale } from "../../../core";
import { useBrowserServices } from "../../shell/browser-services";

/**
 * One checkout on the purchase machine, its actors on the tickets API. A new checkout is a new
 * component (a `key`), so a new machine and a new idempotency key.
 */
export function useTicketPurchase(eventSlug: string, ticketTypes: readonly TicketTypeOnSale[], hold?: ResumedHold) {
  const services = useBrowserServices();
  const [machine] = useState(() => {
    const tickets = () => services().tickets();
    // One key per checkout: a hold retried through a flaky connection is still one hold.
    let checkoutKey: string | undefined;
    return ticketPurchaseMachine.provide({
      actors: {
        hold: fromPromise(async ({ input }) => (await tickets()).hold(eventSlug, input.tickets, (checkoutKey ??= crypto.randomUUID()))),
        extendHold: fromPromise(async ({ input }) => (await tickets()).extend(input.holdId)),
        releaseHold: fromPromise(async ({ input }) => (await tickets()).release(input.holdId)),
        pay: fromPromise(async ({ input }) => {
          const payment = await (await tickets()).pay(input.holdId);
          if ("order" in payment) return { orderId: payment.order.orderId, lines: ticketQuantitiesOf(payment.order.tickets) };
          // The payment page takes over from here; the webhook confirms the order.
          window.location.assign(payment.redirect);
          return new Promise<never>(() => {});
        }),
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input: hold ? { ticketTypes, hold } : { ticketTypes } });
  return { view: ticketPurchaseView(snapshot), send };
}
