import { describe, expect, it } from "vitest";
import { MAX_TICKET_TOKEN_LENGTH, canonicalBase64url, base64url, ticketTokenVerifier, verifyTicket } from "../../../../../core";
import { freshSigner, passOf } from "./support/ticket-tokens";

describe("verifyTicket, the one ticket check of the check page and the kiosk", () => {
  const signer = freshSigner();
  const verify = ticketTokenVerifier(signer.publicKeys);

  it("finds a genuine pass in the bare token and in the check page's URL the QR code holds", async () => {
    const pass = passOf("ticket-1", "7K3M9Q2X4ZR1");
    const token = await signer.sign(pass);
    expect(await verifyTicket(token, verify)).toEqual({ kind: "genuine", pass });
    expect(await verifyTicket(`https://arena.example/es/tickets/check/?t=${encodeURIComponent(token)}`, verify)).toEqual({ kind: "genuine", pass });
    expect(await verifyTicket(`  ${token}\n`, verify)).toEqual({ kind: "genuine", pass });
  });

  it("refuses a token signed by another key, one with a character changed, and an overlong text", async () => {
    const forged = await freshSigner().sign(passOf("ticket-1", "7K3M9Q2X4ZR1"));
    expect(await verifyTicket(forged, verify)).toEqual({ kind: "not-valid" });
    const token = await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1"));
    const [prefix, kid, payload, signature] = token.split(".");
    const altered = JSON.parse(new TextDecoder().decode(canonicalBase64url(payload!)!));
    const tampered = `${prefix}.${kid}.${base64url(new TextEncoder().encode(JSON.stringify({ ...altered, e: "another-event" })))}.${signature}`;
    expect(await verifyTicket(tampered, verify)).toEqual({ kind: "not-valid" });
    expect(await verifyTicket(`${token}${"A".repeat(MAX_TICKET_TOKEN_LENGTH)}`, verify)).toEqual({ kind: "not-valid" });
    expect(await verifyTicket("https://arena.example/es/tickets/check/?t=%E0%A4%A", verify)).toEqual({ kind: "not-valid" });
  });

  it("reads a typed short code as one, in any case and with dashes, for a list to look up", async () => {
    expect(await verifyTicket("7k3m-9q2x-4zr1", verify)).toEqual({ kind: "short-code", code: "7K3M9Q2X4ZR1" });
  });

  it("takes only canonical base64url", () => {
    expect(canonicalBase64url("AQID")).toEqual(new Uint8Array([1, 2, 3]));
    expect(canonicalBase64url("AQIE")).toEqual(new Uint8Array([1, 2, 4]));
    // The same bytes with different unused bits, padding, or another alphabet are not the token.
    expect(canonicalBase64url("AQ")).toEqual(new Uint8Array([1]));
    expect(canonicalBase64url("AR")).toBeNull();
    expect(canonicalBase64url("AQ==")).toBeNull();
    expect(canonicalBase64url("A+/")).toBeNull();
    expect(canonicalBase64url("A")).toBeNull();
  });
});
