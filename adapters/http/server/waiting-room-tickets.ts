import { createHmac, timingSafeEqual } from "node:crypto";
import { Schema } from "effect";
import { WaitingRoomTicket } from "../../../core";

export interface WaitingRoomTickets {
  sign(ticket: WaitingRoomTicket): string;
  /** What a genuine token says; undefined for anything else (forged, altered, not ours). */
  open(token: string | undefined): WaitingRoomTicket | undefined;
}

const decodeTicket = Schema.decodeUnknownOption(WaitingRoomTicket);

/**
 * The waiting room's tokens (issue 51): `payload.signature`, the payload the ticket as base64url
 * JSON, the signature an HMAC-SHA256 of it with a key of its own derived from the server's
 * SESSION_SECRET (which every instance on Firebase must be given: composition/config.ts). A place
 * moved, a browser or an account changed, and the signature no longer matches.
 */
export function createWaitingRoomTickets(secret: string): WaitingRoomTickets {
  const key = createHmac("sha256", secret).update("arena waiting room tickets v1").digest();
  const signatureOf = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign(ticket) {
      const payload = Buffer.from(JSON.stringify(ticket)).toString("base64url");
      return `${payload}.${signatureOf(payload)}`;
    },
    open(token) {
      if (!token || token.length > 1024) return undefined;
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const ticket = decodeTicket(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
        return ticket._tag === "Some" ? ticket.value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
