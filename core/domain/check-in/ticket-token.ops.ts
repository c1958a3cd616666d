import { Schema } from "effect";
import type { TicketVerificationKey } from "../../ports/ticket-signer.port";
import { TicketPass } from "../tickets/ticket-pass.schema";

/**
 * The token format's name and version, first in every token: a scanner that meets another prefix
 * knows the format changed instead of reporting a forgery.
 */
export const TICKET_TOKEN_PREFIX = "TA2";
/** Tickets sold before key ids: `TA1.<pass>.<signature>`, checked against every key. */
const KEYLESS_TOKEN_PREFIX = "TA1";

const ED25519 = { name: "Ed25519" } as const;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const decodePass = Schema.decodeUnknownOption(TicketPass);

/** Checks a ticket's token: its pass when one of the keys signed it and nothing in it changed, else null. */
export type TicketTokenVerifier = (token: string) => Promise<TicketPass | null>;

/**
 * The one check of a ticket's token (`TA2.<key id>.<base64url JSON pass>.<base64url Ed25519
 * signature over those JSON bytes>`), for the server and for a door kiosk alike: Web Crypto's
 * Ed25519 runs in Node and in browsers, so a kiosk given the public keys decides offline exactly
 * as the server does. The keys are imported once, here.
 */
export function ticketTokenVerifier(keys: readonly TicketVerificationKey[]): TicketTokenVerifier {
  const imported = keys.map((jwk) => ({
    kid: jwk.kid,
    key: crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, ED25519, false, ["verify"]),
  }));
  const passOf = async (encodedPayload: string, encodedSignature: string, candidates: typeof imported): Promise<TicketPass | null> => {
    const payload = canonicalBase64url(encodedPayload);
    const signature = canonicalBase64url(encodedSignature);
    if (!payload || !signature || signature.length !== 64) return null;
    let genuine = false;
    for (const candidate of candidates) {
      if (await crypto.subtle.verify(ED25519, await candidate.key, signature, payload)) {
        genuine = true;
        break;
      }
    }
    if (!genuine) return null;
    try {
      const pass = decodePass(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payload)));
      return pass._tag === "Some" ? pass.value : null;
    } catch {
      return null;
    }
  };
  return async (token) => {
    const parts = token.trim().split(".");
    if (parts.length === 4 && parts[0] === TICKET_TOKEN_PREFIX) {
      const [, kid = "", payload = "", signature = ""] = parts;
      return passOf(payload, signature, imported.filter((candidate) => candidate.kid === kid));
    }
    if (parts.length === 3 && parts[0] === KEYLESS_TOKEN_PREFIX) return passOf(parts[1] ?? "", parts[2] ?? "", imported);
    return null;
  };
}

/** The bytes of unpadded base64url text, only when it is their one encoding: an altered character is never "the same" token. */
export function canonicalBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return base64url(bytes) === text ? bytes : null;
}

/** Unpadded base64url (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
