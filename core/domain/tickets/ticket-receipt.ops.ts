import type { TicketTypeQuantity } from "../../ports/ticket-store.port";

/** An order's lines as its receipt shows them, with its reference once there is an order. */
export interface TicketReceipt {
  /** Undefined while the payment is not yet confirmed. */
  readonly orderId: string | undefined;
  readonly lines: readonly { readonly ticketTypeId: string; readonly name: string; readonly quantity: number; readonly subtotalCents: number }[];
  readonly totalCents: number;
}

/** The lines named and priced as the CMS says now (a type since removed keeps its id and no price). */
export function ticketReceiptOf(
  ticketTypes: readonly { readonly _uid: string; readonly name?: string; readonly price?: number }[],
  lines: readonly TicketTypeQuantity[],
  orderId: string | undefined,
): TicketReceipt {
  const types = new Map(ticketTypes.map((type) => [type._uid, type]));
  const named = lines.map(({ ticketTypeId, quantity }) => {
    const type = types.get(ticketTypeId);
    return { ticketTypeId, name: type?.name || ticketTypeId, quantity, subtotalCents: quantity * (type?.price ?? 0) };
  });
  return { orderId, lines: named, totalCents: named.reduce((total, line) => total + line.subtotalCents, 0) };
}
