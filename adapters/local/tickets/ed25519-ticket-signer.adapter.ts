import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { Schema } from "effect";
import { TicketPass, type TicketSignerPort, type TicketVerificationKey } from "../../../core";

/**
 * The token format's name and version, first in every token: a scanner that meets another prefix
 * knows the format changed instead of reporting a forgery.
 */
export const TICKET_TOKEN_PREFIX = "TA2";
/** Tickets sold before key ids: `TA1.<pass>.<signature>`, checked against every key. */
const KEYLESS_TOKEN_PREFIX = "TA1";
/** Characters of a key id: enough to tell a handful of configured keys apart, few for the QR code. */
const KEY_ID_LENGTH = 6;

const decodePass = Schema.decodeUnknownOption(TicketPass);

interface VerifyingKey {
  readonly key: KeyObject;
  readonly jwk: TicketVerificationKey;
}

/**
 * Tickets signed with Ed25519 (RFC 8032): `TA2.<key id>.<base64url JSON pass>.<base64url signature
 * over those JSON bytes>`. 64-byte signatures and a 6-character key id keep the QR code small;
 * anyone with the public keys can check a ticket offline, and only the server can make one.
 * `verifyKeys` (PEM, public or private) verify too: the keys signed with before a rotation, and
 * the next key, published before it signs.
 */
export function createEd25519TicketSigner(privateKeyPem: string, { verifyKeys = [] }: { readonly verifyKeys?: readonly string[] } = {}): TicketSignerPort {
  const privateKey = createPrivateKey(privateKeyPem);
  const signing = verifyingKeyOf(createPublicKey(privateKey), "The ticket signing key");
  const keys = [signing];
  for (const pem of verifyKeys) {
    const candidate = verifyingKeyOf(createPublicKey(pem), "A ticket verification key");
    if (!keys.some((known) => known.jwk.x === candidate.jwk.x)) keys.push(candidate);
  }

  const passOf = (encodedPayload: string, encodedSignature: string, candidates: readonly VerifyingKey[]): TicketPass | null => {
    if (!BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) return null;
    const payload = Buffer.from(encodedPayload, "base64url");
    const signature = Buffer.from(encodedSignature, "base64url");
    // Only canonical encodings: one ticket has one token, so an altered character is never "the same".
    if (payload.toString("base64url") !== encodedPayload || signature.toString("base64url") !== encodedSignature) return null;
    if (signature.length !== 64 || !candidates.some(({ key }) => verify(null, payload, key, signature))) return null;
    try {
      const pass = decodePass(JSON.parse(payload.toString("utf8")));
      return pass._tag === "Some" ? pass.value : null;
    } catch {
      return null;
    }
  };

  return {
    publicKeys: keys.map(({ jwk }) => jwk),
    async sign(pass) {
      const payload = Buffer.from(JSON.stringify(pass), "utf8");
      // Ed25519 takes no digest algorithm: null.
      return `${TICKET_TOKEN_PREFIX}.${signing.jwk.kid}.${payload.toString("base64url")}.${sign(null, payload, privateKey).toString("base64url")}`;
    },
    async verify(token) {
      const parts = token.trim().split(".");
      if (parts.length === 4 && parts[0] === TICKET_TOKEN_PREFIX) {
        const [, kid = "", payload = "", signature = ""] = parts;
        return passOf(payload, signature, keys.filter(({ jwk }) => jwk.kid === kid));
      }
      if (parts.length === 3 && parts[0] === KEYLESS_TOKEN_PREFIX) return passOf(parts[1] ?? "", parts[2] ?? "", keys);
      return null;
    },
  };
}

function verifyingKeyOf(key: KeyObject, what: string): VerifyingKey {
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`${what} is ${key.asymmetricKeyType ?? "not an asymmetric key"}, not Ed25519`);
  const { x } = key.export({ format: "jwk" });
  if (!x) throw new Error(`${what} has no public part`);
  // The id is the key's own digest: every instance given the key names it alike, with nothing to configure.
  const kid = createHash("sha256").update(Buffer.from(x, "base64url")).digest("base64url").slice(0, KEY_ID_LENGTH);
  return { key, jwk: { kid, kty: "OKP", crv: "Ed25519", x, alg: "EdDSA", use: "sig" } };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
