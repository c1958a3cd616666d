import { Schema } from "effect";
import { FirstUse } from "./check-in.schema";

/** A public key tickets are checked with, as the signing-key endpoint publishes it (TicketVerificationKey). */
export const TicketVerificationKeyJwk = Schema.Struct({
  kid: Schema.String,
  kty: Schema.Literal("OKP"),
  crv: Schema.Literal("Ed25519"),
  x: Schema.String,
  alg: Schema.Literal("EdDSA"),
  use: Schema.Literal("sig"),
});

/** A ticket of the event as a door sees it: no buyer, only what admits or refuses it. */
export const EventPackTicket = Schema.Struct({
  ticketId: Schema.String,
  /** The 12-character code printed on it, for staff to type when the QR code cannot be read. */
  code: Schema.String,
  ticketTypeId: Schema.String,
  /** A cancelled or refunded order's tickets admit no one. */
  state: Schema.Literals(["valid", "cancelled", "refunded"]),
  /** Where and when another gate let it in, as the server knew when the pack was built. */
  firstUse: Schema.optionalKey(FirstUse),
});
export type EventPackTicket = typeof EventPackTicket.Type;

/**
 * What a door kiosk downloads per event (issue 54) to decide alone while its network is down: the
 * keys tickets are verified with and the event's tickets with their states, as of `builtAt`. A
 * genuine ticket the pack does not list was sold after it was built: its signature admits it.
 */
export const EventPack = Schema.Struct({
  eventId: Schema.String,
  builtAt: Schema.String,
  keys: Schema.Array(TicketVerificationKeyJwk),
  tickets: Schema.Array(EventPackTicket),
});
export type EventPack = typeof EventPack.Type;
