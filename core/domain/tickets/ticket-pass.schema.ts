import { Schema } from "effect";

/**
 * What a ticket's QR code says (issue 10), signed by the server: enough for a door scanner to
 * admit one person to one event offline — which ticket, of which type, for which event — and
 * nothing about the buyer, since a photographed ticket should not leak who bought it.
 * Short keys keep the QR code small enough to scan from a cracked phone screen.
 */
export const TicketPass = Schema.Struct({
  /** The format's version: a scanner refuses versions it does not know. */
  v: Schema.Literal(1),
  /** Ticket id. */
  t: Schema.String,
  /** The ticket's short code, for staff to type when the QR code cannot be read. */
  c: Schema.String,
  /** The order it belongs to. */
  o: Schema.String,
  /** The event's story uuid. */
  e: Schema.String,
  /** The ticket type's block `_uid`. */
  y: Schema.String,
});
export type TicketPass = typeof TicketPass.Type;
