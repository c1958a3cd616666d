import type { TicketVerificationKey } from "../../ports/ticket-signer.port";
import type { TicketOrder } from "../../ports/ticket-store.port";
import type { FirstUse } from "./check-in.schema";
import type { EventPack } from "./event-pack.schema";

/** The pack a door kiosk downloads for an event (issue 54): its orders' tickets with their states and first uses, and the keys. */
export function eventPackOf(
  eventId: string,
  orders: readonly TicketOrder[],
  keys: readonly TicketVerificationKey[],
  firstUses: ReadonlyMap<string, FirstUse>,
  builtAt: string,
): EventPack {
  return {
    eventId,
    builtAt,
    keys,
    tickets: orders
      .filter((order) => order.eventId === eventId)
      .flatMap((order) =>
        order.tickets.map((ticket) => {
          const firstUse = firstUses.get(ticket.ticketId);
          const listed = { ticketId: ticket.ticketId, code: ticket.code, ticketTypeId: ticket.ticketTypeId, state: order.status === "confirmed" ? ("valid" as const) : order.status };
          return firstUse ? { ...listed, firstUse } : listed;
        }),
      ),
  };
}
