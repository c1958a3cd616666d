import type { TicketPass } from "../domain/tickets/ticket-pass.schema";

/**
 * Signs tickets (issue 10) so that a door scanner holding only the public key can tell a real
 * ticket from a forged or altered one, offline.
 */
export interface TicketSignerPort {
  /** The text a ticket's QR code holds: the pass and its signature. */
  sign(pass: TicketPass): Promise<string>;
  /** The pass, when the text is one this signer signed and nothing in it changed; null otherwise. */
  verify(token: string): Promise<TicketPass | null>;
  /** What scanners need to check tickets offline (e.g. an SPKI PEM for Ed25519). */
  readonly publicKey: string;
}
