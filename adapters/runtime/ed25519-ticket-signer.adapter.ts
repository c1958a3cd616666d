import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from "node:crypto";
import { TICKET_TOKEN_PREFIX, ticketTokenVerifier, type TicketSignerPort, type TicketVerificationKey } from "../../core";

/** Characters of a key id: enough to tell a handful of configured keys apart, few for the QR code. */
const KEY_ID_LENGTH = 6;

/**
 * Tickets signed with Ed25519 (RFC 8032): `TA2.<key id>.<base64url JSON pass>.<base64url signature
 * over those JSON bytes>`. 64-byte signatures and a 6-character key id keep the QR code small;
 * anyone with the public keys can check a ticket offline (the core's ticketTokenVerifier, which
 * the door kiosk runs too), and only the server can make one.
 * `verifyKeys` (PEM, public or private) verify too: the keys signed with before a rotation, and
 * the next key, published before it signs.
 */
export function createEd25519TicketSigner(privateKeyPem: string, { verifyKeys = [] }: { readonly verifyKeys?: readonly string[] } = {}): TicketSignerPort {
  const privateKey = createPrivateKey(privateKeyPem);
  const signing = jwkOf(createPublicKey(privateKey), "The ticket signing key");
  const keys = [signing];
  for (const pem of verifyKeys) {
    const candidate = jwkOf(createPublicKey(pem), "A ticket verification key");
    if (!keys.some((known) => known.x === candidate.x)) keys.push(candidate);
  }

  return {
    publicKeys: keys,
    async sign(pass) {
      const payload = Buffer.from(JSON.stringify(pass), "utf8");
      // Ed25519 takes no digest algorithm: null.
      return `${TICKET_TOKEN_PREFIX}.${signing.kid}.${payload.toString("base64url")}.${sign(null, payload, privateKey).toString("base64url")}`;
    },
    verify: ticketTokenVerifier(keys),
  };
}

function jwkOf(key: KeyObject, what: string): TicketVerificationKey {
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`${what} is ${key.asymmetricKeyType ?? "not an asymmetric key"}, not Ed25519`);
  const { x } = key.export({ format: "jwk" });
  if (!x) throw new Error(`${what} has no public part`);
  // The id is the key's own digest: every instance given the key names it alike, with nothing to configure.
  const kid = createHash("sha256").update(Buffer.from(x, "base64url")).digest("base64url").slice(0, KEY_ID_LENGTH);
  return { kid, kty: "OKP", crv: "Ed25519", x, alg: "EdDSA", use: "sig" };
}
