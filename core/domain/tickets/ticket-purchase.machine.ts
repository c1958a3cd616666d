import { assign, fromPromise, setup } from "xstate";
import type { TicketTypeOnSale } from "./event-availability.ops";
import { TICKET_PURCHASE, TICKET_PURCHASE_ERROR_KEYS, ticketPurchaseFailureKind, type TicketPurchaseFailureKind } from "./ticket-purchase.settings";

export interface TicketPurchaseInput {
  /** What the buyer may choose from (ticketTypesOnSale), read when the page opened. */
  readonly ticketTypes: readonly TicketTypeOnSale[];
  /** The buyer's hold in force when the page opened (a reload, a payment page left): the checkout resumes it. */
  readonly hold?: ResumedHold;
}

export interface TicketQuantity {
  readonly ticketTypeId: string;
  readonly quantity: number;
}

/**
 * A hold's timing as the ticket store states it. Both instants are on the store's clock and only
 * their difference is used, so a browser whose clock is off still counts down the right time.
 */
export interface HoldTiming {
  readonly storeNow: number;
  readonly expiresAt: number;
}

export interface TicketHold extends HoldTiming {
  readonly holdId: string;
}

/** A hold made earlier, as the store states it when the page opens. */
export interface ResumedHold extends TicketHold {
  readonly lines: readonly TicketQuantity[];
  /** Extended already: it may not be extended again. */
  readonly extended: boolean;
}

export interface PurchasedOrder {
  readonly orderId: string;
  /** Its tickets by type, in the order's order (ticketQuantitiesOf): what the confirmation lists. */
  readonly lines: readonly TicketQuantity[];
}

export type TicketPurchaseEvent =
  /** Clamped to what the type allows: its per-order limit and what is left of it. */
  | { type: "SET_QUANTITY"; ticketTypeId: string; quantity: number }
  | { type: "HOLD" }
  | { type: "EXTEND" }
  | { type: "PAY" }
  | { type: "CANCEL" };

export interface TicketPurchaseContext {
  readonly ticketTypes: readonly TicketTypeOnSale[];
  /** By ticket type id, in the types' order; types not chosen are absent. */
  readonly quantities: Readonly<Record<string, number>>;
  /** The type whose quantity was just lowered to the most allowed (issue 49: the buyer is told); undefined otherwise. */
  readonly lowered: string | undefined;
  readonly holdId: string | undefined;
  readonly secondsLeft: number;
  /** Where the countdown last (re)started: the view announces the thresholds crossed since. */
  readonly countdownFrom: number;
  /** "used": before this checkout, on the hold it resumed. */
  readonly extension: "unused" | "asked" | "granted" | "refused" | "used";
  readonly errorKey: string | undefined;
  readonly order: PurchasedOrder | undefined;
}

/** The most of a type one order may take: its per-order and per-buyer limits, and what is left. */
export function maxQuantityOf(type: TicketTypeOnSale): number {
  return Math.max(0, Math.min(type.perOrderLimit, type.perBuyerLimit, type.available));
}

/** The chosen tickets, in the types' order. */
export function chosenTickets(context: Pick<TicketPurchaseContext, "ticketTypes" | "quantities">): TicketQuantity[] {
  return context.ticketTypes.flatMap((type) => {
    const quantity = context.quantities[type.ticketTypeId] ?? 0;
    return quantity > 0 ? [{ ticketTypeId: type.ticketTypeId, quantity }] : [];
  });
}

// Rounded down: the countdown ends before the store's hold does, never after.
const secondsOf = (timing: HoldTiming) => Math.max(0, Math.floor((timing.expiresAt - timing.storeNow) / 1000));

const failureKey = (error: unknown) => TICKET_PURCHASE_ERROR_KEYS[ticketPurchaseFailureKind(error)];

// Every state that uses it comes after `holding`, which sets it.
const theHold = ({ context }: { context: TicketPurchaseContext }) => ({ holdId: context.holdId ?? "" });

/**
 * Issue 10: buying tickets. choose → hold (the `hold` actor asks the store to set them aside) →
 * held, with a countdown (the store's 10 minutes, extendable once through `extendHold`) → pay
 * (`pay`) → issued; a hold refused as more than the buyer may have of a type, or as too many
 * holds in a short time, goes back to choosing with the reason. Or: expired (the countdown ran out, or the store says so on paying), failed
 * (the hold was refused, or the tickets were lost while paying), cancelled (the buyer let go:
 * `releaseHold`, whose failure changes nothing, since the hold expires anyway).
 *
 * A declined or interrupted payment goes back to `held` while time is left: the buyer may pay
 * again, so the `pay` actor must make a retry safe (the caller's idempotency key per checkout). A
 * new attempt after the final states is a new actor: a new checkout. While paying, the countdown
 * runs on but does not expire the hold: the payment's answer decides.
 *
 * A checkout given the buyer's hold in force (issue 49: the page was reloaded) starts in `held`,
 * with its lines and the time it has left: the buyer may pay, extend (if not done yet) or let go.
 */
export const ticketPurchaseMachine = setup({
  types: {
    context: {} as TicketPurchaseContext,
    events: {} as TicketPurchaseEvent,
    input: {} as TicketPurchaseInput,
  },
  actors: {
    hold: fromPromise<TicketHold, { readonly tickets: readonly TicketQuantity[] }>(async () => {
      throw new Error("hold must be provided");
    }),
    extendHold: fromPromise<HoldTiming, { readonly holdId: string }>(async () => {
      throw new Error("extendHold must be provided");
    }),
    pay: fromPromise<PurchasedOrder, { readonly holdId: string }>(async () => {
      throw new Error("pay must be provided");
    }),
    releaseHold: fromPromise<void, { readonly holdId: string }>(async () => {
      throw new Error("releaseHold must be provided");
    }),
  },
  delays: {
    tick: TICKET_PURCHASE.tickMs,
  },
  guards: {
    hasTickets: ({ context }) => chosenTickets(context).length > 0,
    // Only a resumed hold is known while choosing: a hold made here leads away from choosing for good.
    resumesAHold: ({ context }) => context.holdId !== undefined,
    holdRanOut: ({ context }) => context.secondsLeft <= 0,
    extensionUnused: ({ context }) => context.extension === "unused",
    failedAs: (_, params: { error: unknown; kind: TicketPurchaseFailureKind }) => ticketPurchaseFailureKind(params.error) === params.kind,
    keepsTheChoice: (_, params: { error: unknown }) => {
      const kind = ticketPurchaseFailureKind(params.error);
      return kind === "over-buyer-limit" || kind === "rate-limited";
    },
  },
  actions: {
    setQuantity: assign(({ context }, params: { ticketTypeId: string; quantity: number }) => {
      const allowed = (type: TicketTypeOnSale, wanted: number) => (Number.isFinite(wanted) ? Math.min(Math.max(0, Math.trunc(wanted)), maxQuantityOf(type)) : 0);
      const changed = context.ticketTypes.find((type) => type.ticketTypeId === params.ticketTypeId);
      return {
        quantities: Object.fromEntries(
          context.ticketTypes.flatMap((type) => {
            const quantity = allowed(type, type.ticketTypeId === params.ticketTypeId ? params.quantity : (context.quantities[type.ticketTypeId] ?? 0));
            return quantity > 0 ? [[type.ticketTypeId, quantity]] : [];
          }),
        ),
        lowered: changed && Number.isFinite(params.quantity) && Math.trunc(params.quantity) > maxQuantityOf(changed) ? changed.ticketTypeId : undefined,
      };
    }),
    startCountdown: assign((_, params: { hold: TicketHold }) => ({
      holdId: params.hold.holdId,
      secondsLeft: secondsOf(params.hold),
      countdownFrom: secondsOf(params.hold),
    })),
    extendCountdown: assign((_, params: { timing: HoldTiming }) => ({
      secondsLeft: secondsOf(params.timing),
      countdownFrom: secondsOf(params.timing),
      extension: "granted" as const,
    })),
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - TICKET_PURCHASE.tickMs / 1000) })),
    showError: assign((_, params: { errorKey: string }) => ({ errorKey: params.errorKey })),
    clearError: assign({ errorKey: undefined }),
  },
}).createMachine({
  id: "ticketPurchase",
  context: ({ input }) => ({
    ticketTypes: input.ticketTypes,
    // A resumed hold's quantities as held: what is left for others no longer counts them.
    quantities: Object.fromEntries((input.hold?.lines ?? []).map((line) => [line.ticketTypeId, line.quantity])),
    lowered: undefined,
    holdId: input.hold?.holdId,
    secondsLeft: input.hold ? secondsOf(input.hold) : 0,
    countdownFrom: input.hold ? secondsOf(input.hold) : 0,
    extension: input.hold?.extended ? "used" : "unused",
    errorKey: undefined,
    order: undefined,
  }),
  initial: "choosing",
  states: {
    choosing: {
      always: { guard: "resumesAHold", target: "held" },
      on: {
        SET_QUANTITY: { actions: { type: "setQuantity", params: ({ event }) => event } },
        HOLD: { guard: "hasTickets", target: "holding", actions: ["clearError", assign({ lowered: undefined })] },
      },
    },
    holding: {
      invoke: {
        src: "hold",
        input: ({ context }) => ({ tickets: chosenTickets(context) }),
        onDone: { target: "held", actions: { type: "startCountdown", params: ({ event }) => ({ hold: event.output }) } },
        onError: [
          // The choice stays: the buyer may choose fewer, or wait and hold again.
          {
            guard: { type: "keepsTheChoice", params: ({ event }) => ({ error: event.error }) },
            target: "choosing",
            actions: { type: "showError", params: ({ event }) => ({ errorKey: failureKey(event.error) }) },
          },
          { target: "failed", actions: { type: "showError", params: ({ event }) => ({ errorKey: failureKey(event.error) }) } },
        ],
      },
    },
    held: {
      type: "parallel",
      states: {
        countdown: {
          initial: "running",
          states: {
            running: { after: { tick: { target: "running", reenter: true, actions: "countDown" } } },
          },
        },
        hold: {
          initial: "ready",
          states: {
            ready: {
              always: { guard: "holdRanOut", target: "#ticketPurchase.expired" },
              on: {
                PAY: { target: "paying", actions: "clearError" },
                EXTEND: { guard: "extensionUnused", target: "extending", actions: ["clearError", assign({ extension: "asked" })] },
                CANCEL: "#ticketPurchase.releasing",
              },
            },
            extending: {
              always: { guard: "holdRanOut", target: "#ticketPurchase.expired" },
              invoke: {
                src: "extendHold",
                input: theHold,
                onDone: { target: "ready", actions: { type: "extendCountdown", params: ({ event }) => ({ timing: event.output }) } },
                onError: { target: "ready", actions: [assign({ extension: "refused" }), { type: "showError", params: { errorKey: TICKET_PURCHASE_ERROR_KEYS.extension } }] },
              },
              on: { CANCEL: "#ticketPurchase.releasing" },
            },
            paying: {
              invoke: {
                src: "pay",
                input: theHold,
                onDone: { target: "#ticketPurchase.issued", actions: assign({ order: ({ event }) => event.output }) },
                onError: [
                  { guard: { type: "failedAs", params: ({ event }) => ({ error: event.error, kind: "hold-expired" }) }, target: "#ticketPurchase.expired" },
                  {
                    guard: { type: "failedAs", params: ({ event }) => ({ error: event.error, kind: "sold-out" }) },
                    target: "#ticketPurchase.failed",
                    actions: { type: "showError", params: ({ event }) => ({ errorKey: failureKey(event.error) }) },
                  },
                  // Declined, interrupted, unknown: the hold may still be there, so paying again is allowed.
                  { target: "ready", actions: { type: "showError", params: ({ event }) => ({ errorKey: failureKey(event.error) }) } },
                ],
              },
            },
          },
        },
      },
    },
    releasing: {
      invoke: {
        src: "releaseHold",
        input: theHold,
        onDone: "cancelled",
        onError: "cancelled",
      },
    },
    issued: { type: "final" },
    expired: {
      type: "final",
      entry: assign({ secondsLeft: 0, errorKey: TICKET_PURCHASE_ERROR_KEYS["hold-expired"] }),
    },
    failed: { type: "final" },
    cancelled: { type: "final" },
  },
});
