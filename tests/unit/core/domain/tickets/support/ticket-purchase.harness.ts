import { SimulatedClock, createActor, fromPromise, type InspectionEvent } from "xstate";
import {
  ticketPurchaseMachine,
  type HoldTiming,
  type PurchasedOrder,
  type TicketHold,
  type TicketPurchaseInput,
  type TicketQuantity,
} from "../../../../../../core/domain/tickets/ticket-purchase.machine";
import { TICKET_PURCHASE } from "../../../../../../core/domain/tickets/ticket-purchase.settings";
import { ticketPurchaseView } from "../../../../../../core/domain/tickets/ticket-purchase.view";
import { deferred, flush, type Deferred } from "../../../../support/async";

/** Pista: 2 left of a limit of 4; Grada: plenty, 1 per order; VIP: sold out. */
export const TICKET_TYPES: TicketPurchaseInput = {
  ticketTypes: [
    { ticketTypeId: "pista", name: "Pista", priceCents: 4500, perOrderLimit: 4, perBuyerLimit: 4, available: 2 },
    { ticketTypeId: "grada", name: "Grada", priceCents: 3000, perOrderLimit: 1, perBuyerLimit: 1, available: 50 },
    { ticketTypeId: "vip", name: "VIP", priceCents: 12_000, perOrderLimit: 2, perBuyerLimit: 2, available: 0 },
  ],
};

export interface ActorCall<I> {
  readonly input: I;
  readonly answer: Deferred<unknown>;
}

export type PurchaseActorName = "hold" | "extendHold" | "pay" | "releaseHold";

/**
 * The purchase machine on a simulated clock, its four actors replaced by calls the test answers by
 * hand (`settle`), in the order they were made.
 */
export function startPurchase(input: TicketPurchaseInput = TICKET_TYPES, inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const calls = {
    hold: [] as ActorCall<{ tickets: readonly TicketQuantity[] }>[],
    extendHold: [] as ActorCall<{ holdId: string }>[],
    pay: [] as ActorCall<{ holdId: string }>[],
    releaseHold: [] as ActorCall<{ holdId: string }>[],
  };
  function fake<I, O>(list: ActorCall<I>[]) {
    return fromPromise<O, I>(({ input }) => {
      const answer = deferred<unknown>();
      list.push({ input, answer });
      return answer.promise as Promise<O>;
    });
  }
  const machine = ticketPurchaseMachine.provide({
    actors: {
      hold: fake<{ tickets: readonly TicketQuantity[] }, TicketHold>(calls.hold),
      extendHold: fake<{ holdId: string }, HoldTiming>(calls.extendHold),
      pay: fake<{ holdId: string }, PurchasedOrder>(calls.pay),
      releaseHold: fake<{ holdId: string }, void>(calls.releaseHold),
    },
  });
  const actor = createActor(machine, { clock, input, ...(inspect ? { inspect } : {}) }).start();
  return {
    clock,
    actor,
    calls,
    view: () => ticketPurchaseView(actor.getSnapshot()),
    /** Answers the latest call of `name`: a value resolves it, `{ error }` rejects it. */
    async settle(name: PurchaseActorName, outcome: { readonly value?: unknown } | { readonly error: unknown }) {
      const call = calls[name].at(-1);
      if (!call) throw new Error(`no ${name} call in flight`);
      if ("error" in outcome) call.answer.reject(outcome.error);
      else call.answer.resolve(outcome.value);
      await flush();
    },
    /** Lets whole seconds pass, one countdown step at a time. */
    wait(seconds: number) {
      for (let second = 0; second < seconds; second++) clock.increment(TICKET_PURCHASE.tickMs);
    },
  };
}
