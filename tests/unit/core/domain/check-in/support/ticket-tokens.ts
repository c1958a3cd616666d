import { generateKeyPairSync } from "node:crypto";
import { createEd25519TicketSigner } from "../../../../../../adapters/runtime/ed25519-ticket-signer.adapter";
import type { EventPack, TicketPass } from "../../../../../../core";

/** A signer with a fresh key, as the server has one: what the kiosk's tests scan. */
export function freshSigner() {
  return createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
}

export const EVENT_ID = "story-uuid-concert";

export const passOf = (ticketId: string, code: string, eventId = EVENT_ID): TicketPass => ({ v: 1, t: ticketId, c: code, o: `order-${ticketId}`, e: eventId, y: "pista" });

/** An event's pack: ticket-1 and ticket-2 valid, ticket-3 of a cancelled order, ticket-5 of a refunded one. */
export function packOf(signer: ReturnType<typeof freshSigner>): EventPack {
  return {
    eventId: EVENT_ID,
    builtAt: "2026-12-12T18:00:00.000Z",
    keys: signer.publicKeys,
    tickets: [
      { ticketId: "ticket-1", code: "7K3M9Q2X4ZR1", ticketTypeId: "pista", state: "valid" },
      { ticketId: "ticket-2", code: "7K3M9Q2X4ZR2", ticketTypeId: "pista", state: "valid" },
      { ticketId: "ticket-3", code: "7K3M9Q2X4ZR3", ticketTypeId: "pista", state: "cancelled" },
      { ticketId: "ticket-5", code: "7K3M9Q2X4ZR5", ticketTypeId: "pista", state: "refunded" },
    ],
  };
}
