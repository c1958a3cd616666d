import type { TicketPass } from "../domain/tickets/ticket-pass.schema";

/**
 * A public key tickets are checked with, as a JSON Web Key (RFC 7517; Ed25519 per RFC 8037):
 * `kid` is the key id a ticket's token names.
 */
export interface TicketVerificationKey {
  readonly kid: string;
  readonly kty: "OKP";
  readonly crv: "Ed25519";
  /** The public key's 32 bytes, base64url. */
  readonly x: string;
  readonly alg: "EdDSA";
  readonly use: "sig";
}

/**
 * Signs tickets (issue 10) so that a door scanner holding only the public keys can tell a real
 * ticket from a forged or altered one, offline. One key signs; every key configured beside it
 * (those of before a rotation) still verifies, so tickets sold before a rotation stay genuine.
 */
export interface TicketSignerPort {
  /** The text a ticket's QR code holds: the pass, the signing key's id and its signature. */
  sign(pass: TicketPass): Promise<string>;
  /** The pass, when the text was signed with one of the keys and nothing in it changed; null otherwise. */
  verify(token: string): Promise<TicketPass | null>;
  /** What scanners need to check tickets offline: every key that verifies, the one signing now first. */
  readonly publicKeys: readonly TicketVerificationKey[];
}
