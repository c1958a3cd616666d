/**
 * One ticket type's stock at one moment: the CMS says how many exist (capacity); the ticket store
 * counts what is sold and what unexpired holds keep aside. Shared by the availability model (what
 * the page says) and the ticket store (what a purchase may take).
 */
export interface TicketTypeInventory {
  readonly ticketTypeId: string;
  readonly capacity: number;
  readonly sold: number;
  /** Tickets in holds that have not expired at the moment the inventory was read. */
  readonly held: number;
}

/** What is left to hold: never negative, even if the CMS lowered a capacity below what is sold. */
export function availableOf(inventory: TicketTypeInventory): number {
  return Math.max(0, inventory.capacity - inventory.sold - inventory.held);
}
