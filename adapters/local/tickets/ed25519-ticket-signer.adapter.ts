import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { Schema } from "effect";
import { TicketPass, type TicketSignerPort } from "../../../core";

/**
 * The token format's name and version, first in every token: a scanner that meets another prefix
 * knows the format changed instead of reporting a forgery.
 */
export const TICKET_TOKEN_PREFIX = "TA1";

const decodePass = Schema.decodeUnknownOption(TicketPass);

/**
 * Tickets signed with Ed25519 (RFC 8032): `TA1.<base64url JSON pass>.<base64url signature over
 * those JSON bytes>`. 64-byte signatures keep the QR code small; anyone with the public key can
 * check a ticket offline, and only the server can make one.
 */
export function createEd25519TicketSigner(privateKeyPem: string): TicketSignerPort {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error(`The ticket signing key is ${privateKey.asymmetricKeyType ?? "not an asymmetric key"}, not Ed25519`);
  const publicKey: KeyObject = createPublicKey(privateKey);
  return {
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
    async sign(pass) {
      const payload = Buffer.from(JSON.stringify(pass), "utf8");
      // Ed25519 takes no digest algorithm: null.
      return `${TICKET_TOKEN_PREFIX}.${payload.toString("base64url")}.${sign(null, payload, privateKey).toString("base64url")}`;
    },
    async verify(token) {
      const parts = token.trim().split(".");
      if (parts.length !== 3 || parts[0] !== TICKET_TOKEN_PREFIX) return null;
      const [, encodedPayload = "", encodedSignature = ""] = parts;
      if (!BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) return null;
      const payload = Buffer.from(encodedPayload, "base64url");
      const signature = Buffer.from(encodedSignature, "base64url");
      // Only canonical encodings: one ticket has one token, so an altered character is never "the same".
      if (payload.toString("base64url") !== encodedPayload || signature.toString("base64url") !== encodedSignature) return null;
      if (signature.length !== 64 || !verify(null, payload, publicKey, signature)) return null;
      try {
        const pass = decodePass(JSON.parse(payload.toString("utf8")));
        return pass._tag === "Some" ? pass.value : null;
      } catch {
        return null;
      }
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
