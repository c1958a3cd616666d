import type { SnapshotFrom } from "xstate";
import { maxQuantityOf, type PurchasedOrder, type TicketPurchaseContext, type ticketPurchaseMachine } from "./ticket-purchase.machine";
import { TICKET_PURCHASE } from "./ticket-purchase.settings";

export type TicketPurchaseStep = "choose" | "holding" | "held" | "paying" | "issued" | "expired" | "failed" | "cancelling" | "cancelled";

export interface TicketPurchaseLine {
  readonly ticketTypeId: string;
  readonly name: string;
  readonly unitPriceCents: number;
  readonly quantity: number;
  /** The most this order may take (per-order limit, or what is left if less); 0 when sold out. */
  readonly maxQuantity: number;
  /** The buyer asked for more than maxQuantity, and was given maxQuantity: the page says so. */
  readonly lowered: boolean;
  readonly subtotalCents: number;
}

/** What the confirmation shows (issue 49): the order's reference and tickets, priced as the page offered them. */
export interface PurchaseReceipt {
  readonly orderId: string;
  readonly lines: readonly { readonly ticketTypeId: string; readonly name: string; readonly quantity: number; readonly unitPriceCents: number; readonly subtotalCents: number }[];
  readonly totalCents: number;
}

export interface TicketPurchaseView {
  readonly step: TicketPurchaseStep;
  /** Every type on offer, in the content's order, chosen or not. */
  readonly lines: readonly TicketPurchaseLine[];
  readonly ticketCount: number;
  readonly totalCents: number;
  readonly canHold: boolean;
  /** While the tickets are held (paying included); undefined otherwise. */
  readonly secondsLeft: number | undefined;
  /**
   * What a polite live region should say now: it changes only when there is news (held, extended,
   * a threshold of TICKET_PURCHASE.announcements crossed), so screen readers speak only then.
   */
  readonly announcementKey: string | undefined;
  readonly canExtend: boolean;
  /** Waiting for the store or the payment. */
  readonly busy: boolean;
  readonly errorKey: string | undefined;
  readonly order: PurchasedOrder | undefined;
  /** Once issued. */
  readonly receipt: PurchaseReceipt | undefined;
}

export function ticketPurchaseView(snapshot: SnapshotFrom<typeof ticketPurchaseMachine>): TicketPurchaseView {
  const { context } = snapshot;
  const step = stepOf(snapshot);
  const lines = context.ticketTypes.map((type) => {
    const quantity = context.quantities[type.ticketTypeId] ?? 0;
    return { ticketTypeId: type.ticketTypeId, name: type.name, unitPriceCents: type.priceCents, quantity, maxQuantity: maxQuantityOf(type), lowered: context.lowered === type.ticketTypeId, subtotalCents: quantity * type.priceCents };
  });
  const holding = step === "held" || step === "paying";
  return {
    step,
    lines,
    ticketCount: lines.reduce((count, line) => count + line.quantity, 0),
    totalCents: lines.reduce((total, line) => total + line.subtotalCents, 0),
    canHold: snapshot.can({ type: "HOLD" }),
    secondsLeft: holding ? context.secondsLeft : undefined,
    announcementKey: holding ? announcementOf(context) : undefined,
    canExtend: snapshot.can({ type: "EXTEND" }),
    busy: snapshot.matches("holding") || snapshot.matches("releasing") || snapshot.matches({ held: { hold: "extending" } }) || step === "paying",
    errorKey: context.errorKey,
    order: context.order,
    receipt: context.order ? receiptOf(context.order, context) : undefined,
  };
}

function receiptOf(order: PurchasedOrder, { ticketTypes }: Pick<TicketPurchaseContext, "ticketTypes">): PurchaseReceipt {
  const types = new Map(ticketTypes.map((type) => [type.ticketTypeId, type]));
  const lines = order.lines.map(({ ticketTypeId, quantity }) => {
    const type = types.get(ticketTypeId);
    const unitPriceCents = type?.priceCents ?? 0;
    return { ticketTypeId, name: type?.name ?? ticketTypeId, quantity, unitPriceCents, subtotalCents: quantity * unitPriceCents };
  });
  return { orderId: order.orderId, lines, totalCents: lines.reduce((total, line) => total + line.subtotalCents, 0) };
}

function stepOf(snapshot: SnapshotFrom<typeof ticketPurchaseMachine>): TicketPurchaseStep {
  if (snapshot.matches("choosing")) return "choose";
  if (snapshot.matches({ held: { hold: "paying" } })) return "paying";
  if (snapshot.matches("held")) return "held";
  if (snapshot.matches("releasing")) return "cancelling";
  return snapshot.value as Exclude<TicketPurchaseStep, "choose" | "held" | "paying" | "cancelling">;
}

/** The last threshold crossed since the countdown (re)started; before the first, the news that started it. */
function announcementOf({ secondsLeft, countdownFrom, extension }: TicketPurchaseContext): string {
  const crossed = TICKET_PURCHASE.announcements.filter(({ atSeconds }) => secondsLeft <= atSeconds && atSeconds < countdownFrom);
  return crossed.at(-1)?.key ?? (extension === "granted" ? "tickets.hold.extended" : "tickets.hold.started");
}
