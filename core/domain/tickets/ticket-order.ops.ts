import { availableOf, type TicketTypeInventory } from "./ticket-inventory.ops";

/** A line of a request for tickets, as the ticket store's adapters check it; box-office lines have no per-order limit. */
export interface RequestedTicketLine {
  readonly ticketType: { readonly ticketTypeId: string; readonly capacity: number; readonly perOrderLimit?: number; readonly perBuyerLimit?: number };
  readonly quantity: number;
}

/** Rejects lines that no correct caller sends (the ticket store's RangeError). */
export function assertTicketLines(lines: readonly RequestedTicketLine[]): void {
  if (lines.length === 0) throw new RangeError("A request for tickets needs at least one line");
  const seen = new Set<string>();
  for (const { ticketType, quantity } of lines) {
    if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Ticket type ${ticketType.ticketTypeId}: ${quantity} is not a positive whole number`);
    if (!Number.isSafeInteger(ticketType.capacity) || ticketType.capacity < 0) {
      throw new RangeError(`Ticket type ${ticketType.ticketTypeId}: capacity ${ticketType.capacity} is not a whole number ≥ 0`);
    }
    if (seen.has(ticketType.ticketTypeId)) throw new RangeError(`Ticket type ${ticketType.ticketTypeId} is on two lines`);
    seen.add(ticketType.ticketTypeId);
  }
}

/** Rejects a hold's duration or extension that is not a positive whole number of milliseconds. */
export function assertDurationMs(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 1) throw new RangeError(`${ms} is not a positive whole number of milliseconds`);
}

/** The first line asking for more than its type's per-order limit, or null. */
export function overLimitLine(lines: readonly RequestedTicketLine[]): { readonly outcome: "over-limit"; readonly ticketTypeId: string; readonly perOrderLimit: number } | null {
  for (const { ticketType, quantity } of lines) {
    if (ticketType.perOrderLimit !== undefined && quantity > ticketType.perOrderLimit) {
      return { outcome: "over-limit", ticketTypeId: ticketType.ticketTypeId, perOrderLimit: ticketType.perOrderLimit };
    }
  }
  return null;
}

/**
 * The first line that would give its buyer more than its type's per-buyer limit, with what they
 * have (`owned`: their confirmed tickets of the type for the event, not counting the hold being
 * replaced), or null.
 */
export function overBuyerLimitLine(
  lines: readonly RequestedTicketLine[],
  owned: (ticketTypeId: string) => number,
): { readonly outcome: "over-buyer-limit"; readonly ticketTypeId: string; readonly perBuyerLimit: number; readonly left: number } | null {
  for (const { ticketType, quantity } of lines) {
    if (ticketType.perBuyerLimit === undefined) continue;
    const left = Math.max(0, ticketType.perBuyerLimit - owned(ticketType.ticketTypeId));
    if (quantity > left) return { outcome: "over-buyer-limit", ticketTypeId: ticketType.ticketTypeId, perBuyerLimit: ticketType.perBuyerLimit, left };
  }
  return null;
}

/** The first line asking for more than its type has left, or null when every line can be taken. */
export function soldOutLine(
  lines: readonly RequestedTicketLine[],
  inventoryOf: (ticketType: RequestedTicketLine["ticketType"]) => TicketTypeInventory,
): { readonly outcome: "sold-out"; readonly ticketTypeId: string; readonly available: number } | null {
  for (const line of lines) {
    const available = availableOf(inventoryOf(line.ticketType));
    if (line.quantity > available) return { outcome: "sold-out", ticketTypeId: line.ticketType.ticketTypeId, available };
  }
  return null;
}

/** Whether two requests ask for the same tickets, whatever the order of their lines. */
export function sameTicketQuantities(
  a: readonly { readonly ticketTypeId: string; readonly quantity: number }[],
  b: readonly { readonly ticketTypeId: string; readonly quantity: number }[],
): boolean {
  // Neither has a type twice (assertTicketLines).
  const quantities = new Map(a.map((line) => [line.ticketTypeId, line.quantity]));
  return a.length === b.length && b.every((line) => quantities.get(line.ticketTypeId) === line.quantity);
}

/** An order's tickets counted by type, in the order the types first come (an order groups them so). */
export function ticketQuantitiesOf(tickets: readonly { readonly ticketTypeId: string }[]): { ticketTypeId: string; quantity: number }[] {
  const counts = new Map<string, number>();
  for (const { ticketTypeId } of tickets) counts.set(ticketTypeId, (counts.get(ticketTypeId) ?? 0) + 1);
  return [...counts].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
}

// Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken.
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TICKET_CODE_LENGTH = 12;

/**
 * A ticket's code from random bytes (at least 8): 12 characters, 60 bits, so that a million
 * tickets collide with a chance under one in a million.
 */
export function ticketCodeOf(randomBytes: Uint8Array): string {
  if (randomBytes.length < 8) throw new RangeError("A ticket code needs 8 random bytes");
  let bits = 0n;
  for (const byte of randomBytes.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let index = 0; index < TICKET_CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}

/**
 * A ticket's short code as the store keeps it, read from what someone typed (issue 49): the 12
 * characters printed on the ticket and in the mail, in any case, with spaces or dashes, O for 0
 * and I or L for 1; null when it is not one. The ticket check cannot vouch for one (only the QR
 * code's signed pass can), nor call it fake; a door kiosk looks it up in the event's pack.
 */
export function readTicketCode(typed: string): string | null {
  const read = typed.replace(/[\s-]+/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  return read.length === TICKET_CODE_LENGTH && [...read].every((character) => CODE_ALPHABET.includes(character)) ? read : null;
}
