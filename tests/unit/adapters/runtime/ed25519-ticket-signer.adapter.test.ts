import { createPublicKey, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createEd25519TicketSigner } from "../../../../adapters/runtime/ed25519-ticket-signer.adapter";
import { TICKET_SIGNING_KEY_FILE, loadTicketSigningKey } from "../../../../adapters/runtime/ticket-signing-key";
import { TICKET_TOKEN_PREFIX, type TicketPass } from "../../../../core";

const pem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PASS: TicketPass = { v: 1, t: "ticket-1", c: "7K3M9Q2X4ZRT", o: "order-1", e: "story-uuid-1", y: "pista" };

describe("the Ed25519 ticket signer", () => {
  const signer = createEd25519TicketSigner(pem());

  it("reads back what it signed", async () => {
    const token = await signer.sign(PASS);
    expect(token.startsWith(`${TICKET_TOKEN_PREFIX}.`)).toBe(true);
    expect(await signer.verify(token)).toEqual(PASS);
    expect(await signer.verify(` ${token}\n`)).toEqual(PASS);
  });

  it("refuses a ticket signed with another key: a forgery", async () => {
    const forger = createEd25519TicketSigner(pem());
    expect(await signer.verify(await forger.sign(PASS))).toBeNull();
  });

  it("refuses any token with one character changed, removed or added", async () => {
    const token = await signer.sign(PASS);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(...alphabet), fc.constantFrom("replace", "remove", "insert"), async (at, character, change) => {
        const altered =
          change === "replace" ? token.slice(0, at) + character + token.slice(at + 1) : change === "remove" ? token.slice(0, at) + token.slice(at + 1) : token.slice(0, at) + character + token.slice(at);
        fc.pre(altered.trim() !== token);
        expect(await signer.verify(altered)).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it("refuses a genuine signature over a payload that is not a ticket pass", async () => {
    const key = pem();
    const other = createEd25519TicketSigner(key);
    // The same key signs something of another shape: the signature is right, the content is not a ticket.
    const token = await other.sign({ ...PASS, v: 2 } as unknown as TicketPass);
    expect(await other.verify(token)).toBeNull();
    for (const junk of ["", "TA1", "TA1..", "TA2.e30.AAAA", "not a token", `${TICKET_TOKEN_PREFIX}.e30.${"A".repeat(86)}`]) expect(await other.verify(junk)).toBeNull();
  });

  it("refuses a key that is not Ed25519, to sign or to verify with", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(() => createEd25519TicketSigner(rsa)).toThrow(/signing key is rsa, not Ed25519/);
    expect(() => createEd25519TicketSigner(pem(), { verifyKeys: [rsa] })).toThrow(/verification key is rsa, not Ed25519/);
  });

  it("names its key in every token, by an id that is the key's own: the same for every instance given the key", async () => {
    const key = pem();
    const token = await createEd25519TicketSigner(key).sign(PASS);
    const [prefix, kid] = token.split(".");
    expect(prefix).toBe(TICKET_TOKEN_PREFIX);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(createEd25519TicketSigner(key).publicKeys[0]?.kid).toBe(kid);
    expect(createEd25519TicketSigner(pem()).publicKeys[0]?.kid).not.toBe(kid);
    expect(await createEd25519TicketSigner(key).verify(token)).toEqual(PASS);
  });
});

describe("a rotation of the ticket signing key", () => {
  const oldKey = pem();
  const newKey = pem();
  const publicPem = (privatePem: string) => createPublicKey(privatePem).export({ type: "spki", format: "pem" }).toString();

  it("keeps tickets signed with the old key genuine while its public key is configured, and signs new ones with the new key", async () => {
    const before = await createEd25519TicketSigner(oldKey).sign(PASS);
    const rotated = createEd25519TicketSigner(newKey, { verifyKeys: [publicPem(oldKey)] });
    expect(await rotated.verify(before)).toEqual(PASS);
    const after = await rotated.sign(PASS);
    expect(await rotated.verify(after)).toEqual(PASS);
    expect(after.split(".")[1]).toBe(rotated.publicKeys[0]?.kid);
    // Without the old key listed, its tickets are refused; the old key alone never takes the new one's.
    expect(await createEd25519TicketSigner(newKey).verify(before)).toBeNull();
    expect(await createEd25519TicketSigner(oldKey).verify(after)).toBeNull();
  });

  it("lists every key that verifies, the signing one first, each once", () => {
    const signer = createEd25519TicketSigner(newKey, { verifyKeys: [publicPem(oldKey), oldKey, publicPem(newKey)] });
    const [current, previous, ...more] = signer.publicKeys;
    expect(more).toEqual([]);
    expect(current).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", x: createPublicKey(newKey).export({ format: "jwk" }).x });
    expect(previous?.x).toBe(createPublicKey(oldKey).export({ format: "jwk" }).x);
    expect(previous?.kid).not.toBe(current?.kid);
  });

  it("checks a ticket made before key ids (TA1, no id) against every configured key", async () => {
    const payload = Buffer.from(JSON.stringify(PASS), "utf8");
    const keyless = `TA1.${payload.toString("base64url")}.${sign(null, payload, oldKey).toString("base64url")}`;
    expect(await createEd25519TicketSigner(newKey, { verifyKeys: [publicPem(oldKey)] }).verify(keyless)).toEqual(PASS);
    expect(await createEd25519TicketSigner(oldKey).verify(keyless)).toEqual(PASS);
    expect(await createEd25519TicketSigner(newKey).verify(keyless)).toBeNull();
  });

  it("refuses a token whose key id is changed to another configured key's", async () => {
    const rotated = createEd25519TicketSigner(newKey, { verifyKeys: [publicPem(oldKey)] });
    const [prefix, , payload, signature] = (await rotated.sign(PASS)).split(".");
    expect(await rotated.verify([prefix, rotated.publicKeys[1]?.kid, payload, signature].join("."))).toBeNull();
  });
});

describe("the ticket signing key", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "signing-key-"));
    dirs.push(dir);
    return dir;
  };

  it("is made at first start, kept readable by the server's user only, and the same ever after", async () => {
    const dir = dataDir();
    const first = loadTicketSigningKey({ configuredKey: undefined, dataDir: dir });
    expect(loadTicketSigningKey({ configuredKey: undefined, dataDir: dir })).toBe(first);
    expect(statSync(join(dir, TICKET_SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
    const token = await createEd25519TicketSigner(first).sign(PASS);
    expect(await createEd25519TicketSigner(loadTicketSigningKey({ configuredKey: undefined, dataDir: dir })).verify(token)).toEqual(PASS);
  });

  it("is the configured one when TICKET_SIGNING_KEY is set", () => {
    const configured = pem();
    expect(loadTicketSigningKey({ configuredKey: configured, dataDir: dataDir() })).toBe(configured);
  });
});
