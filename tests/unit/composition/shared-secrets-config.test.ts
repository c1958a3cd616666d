import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEd25519TicketSigner } from "../../../adapters/runtime/ed25519-ticket-signer.adapter";
import { loadTicketSigningKey } from "../../../adapters/runtime/ticket-signing-key";
import { sessionSecretFrom } from "../../../adapters/runtime/signed-session.adapter";
import { editorPassword } from "../../../adapters/embedded/editor/editor-password";
import { ConfigError, loadConfig } from "../../../composition/config";
import type { TicketPass } from "../../../core";

const privatePem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = (key: string) => createPublicKey(key).export({ type: "spki", format: "pem" }).toString();
const FIREBASE = { NODE_ENV: "production", FIREBASE_PROJECT_ID: "demo-arena", FIREBASE_API_KEY: "AIza-test" } as const;
const SECRETS = { SESSION_SECRET: "c2Vzc2lvbi1zZWNyZXQtb2YtdGhlLWFyZW5hLTIwMzE", TICKET_SIGNING_KEY: privatePem(), EDITOR_PASSWORD: "Túria-editor-2031" } as const;
const PASS: TicketPass = { v: 1, t: "ticket-1", c: "7K3M9Q2X4ZRT", o: "order-1", e: "story-uuid-1", y: "pista" };

function startUpFailure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("start-up did not fail");
}

describe("the secrets every instance must share", () => {
  it("are generated at first start on the embedded defaults, in development and in production", () => {
    for (const env of [{}, { NODE_ENV: "production" }]) {
      const config = loadConfig(env);
      expect(config.sessionSecret).toBeUndefined();
      expect(config.tickets.signingKey).toBeUndefined();
      expect(config.editorPassword).toBeUndefined();
    }
  });

  it("stop a Firebase start-up with one message naming every one missing, each with the command that makes it", () => {
    const message = startUpFailure(FIREBASE);
    expect(message).toMatch(/FIREBASE_PROJECT_ID/);
    expect(message).toContain("missing: SESSION_SECRET, TICKET_SIGNING_KEY, EDITOR_PASSWORD");
    expect(message).toContain("SESSION_SECRET: openssl rand -base64 32");
    expect(message).toContain("TICKET_SIGNING_KEY: openssl genpkey -algorithm ed25519");
    expect(message).toContain("EDITOR_PASSWORD: openssl rand -base64 18");

    const { SESSION_SECRET: _, ...withoutSessionSecret } = SECRETS;
    const one = startUpFailure({ ...FIREBASE, ...withoutSessionSecret });
    expect(one).toContain("missing: SESSION_SECRET.");
    expect(one).not.toMatch(/TICKET_SIGNING_KEY|EDITOR_PASSWORD/);
  });

  it("ask for the editor's password only where the embedded editor is on: not with the content on Storyblok", () => {
    const { EDITOR_PASSWORD: _, ...withoutEditor } = SECRETS;
    expect(startUpFailure({ ...FIREBASE, ...withoutEditor })).toContain("missing: EDITOR_PASSWORD.");
    expect(loadConfig({ ...FIREBASE, ...withoutEditor, STORYBLOK_TOKEN: "storyblok-token" }).content.source).toBe("storyblok");
  });

  it("on Firebase are the configured ones: two instances given them check each other's tickets and hold the same editor's password, making nothing of their own", async () => {
    const config = loadConfig({ ...FIREBASE, ...SECRETS });
    expect(config).toMatchObject({ sessionSecret: SECRETS.SESSION_SECRET, editorPassword: SECRETS.EDITOR_PASSWORD, tickets: { signingKey: SECRETS.TICKET_SIGNING_KEY } });
    const instances = [mkdtempSync(join(tmpdir(), "instance-a-")), mkdtempSync(join(tmpdir(), "instance-b-"))];
    try {
      const [a, b] = instances.map((dataDir) => {
        const secret = sessionSecretFrom(config.sessionSecret, dataDir);
        return {
          signer: createEd25519TicketSigner(loadTicketSigningKey({ configuredKey: config.tickets.signingKey, dataDir }), { verifyKeys: config.tickets.verifyKeys }),
          secret,
          password: editorPassword({ configured: config.editorPassword, dataDir, secret, keepGeneratedInFile: true, announce: () => expect.fail("no password is generated") }),
        };
      });
      expect(await b!.signer.verify(await a!.signer.sign(PASS))).toEqual(PASS);
      expect(a!.secret).toBe(b!.secret);
      await Promise.all([a!.password.ready, b!.password.ready]);
      // The same hash on both, from the salt SESSION_SECRET gives: the password is the same on either.
      expect(a!.password.fingerprint()).toBe(b!.password.fingerprint());
      expect(await b!.password.matches(SECRETS.EDITOR_PASSWORD)).toBe(true);
      expect(b!.signer.publicKeys).toEqual(a!.signer.publicKeys);
      for (const dataDir of instances) expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      for (const dataDir of instances) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the ticket keys' variables", () => {
  it("read TICKET_VERIFY_KEYS as every PEM block in it, public or private, newlines written out or as \\n", () => {
    const [old, older] = [privatePem(), privatePem()];
    const oneLine = (pem: string) => pem.replaceAll("\n", "\\n");
    const keys = loadConfig({ TICKET_VERIFY_KEYS: `${publicPem(old)}${older}` }).tickets.verifyKeys;
    expect(keys).toEqual([publicPem(old), older]);
    expect(loadConfig({ TICKET_VERIFY_KEYS: oneLine(`${publicPem(old)}${older}`) }).tickets.verifyKeys).toEqual(keys);
    expect(loadConfig({ TICKET_SIGNING_KEY: oneLine(old) }).tickets.signingKey).toBe(old);
    expect(loadConfig({}).tickets.verifyKeys).toEqual([]);
  });

  it("refuse a variable with no key in it, and a signing key of more than one", () => {
    expect(() => loadConfig({ TICKET_VERIFY_KEYS: "MCowBQYDK2VwAyEA" })).toThrow(/TICKET_VERIFY_KEYS holds no PEM key/);
    expect(() => loadConfig({ TICKET_SIGNING_KEY: "not a key" })).toThrow(/TICKET_SIGNING_KEY holds no PEM key/);
    expect(() => loadConfig({ TICKET_SIGNING_KEY: `${privatePem()}${privatePem()}` })).toThrow(/TICKET_SIGNING_KEY holds 2 PEM blocks/);
  });
});
