import type { Ticket, TicketOrder } from "../../ports/ticket-store.port";
import type { TicketPass } from "./ticket-pass.schema";

/** What a ticket's QR code vouches for: this admission, of this type, to this event. */
export function ticketPassOf(order: Pick<TicketOrder, "orderId" | "eventId">, ticket: Ticket): TicketPass {
  return { v: 1, t: ticket.ticketId, c: ticket.code, o: order.orderId, e: order.eventId, y: ticket.ticketTypeId };
}
