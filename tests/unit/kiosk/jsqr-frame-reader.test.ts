import { generateKeyPairSync } from "node:crypto";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { createEd25519TicketSigner } from "../../../adapters/runtime/ed25519-ticket-signer.adapter";
import { ticketPassOf, ticketTokenVerifier, verifyTicket, type TicketOrder } from "../../../core";
import { readQrCode, type RgbaImage } from "../../../kiosk/jsqr-frame-reader";

const signer = createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
const order: TicketOrder = {
  orderId: "order-1",
  userId: "buyer-1",
  eventId: "event-1",
  channel: "online",
  status: "confirmed",
  placedAt: "2026-12-02T18:00:00.000Z",
  cancelledAt: null,
  tickets: [{ ticketId: "ticket-1", ticketTypeId: "general", code: "7K3M9Q2X4ZRT" }],
};

/** The QR code as the ticket's page draws it (ECC M, a four-module quiet zone), `scale` pixels a module, as a camera frame's RGBA pixels. */
function qrImage(text: string, options: { scale: number; inverted?: boolean }): RgbaImage {
  const { data: modules, size } = encode(text, { ecc: "M", border: 4 });
  const width = size * options.scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const dark = modules[Math.floor(y / options.scale)]![Math.floor(x / options.scale)]! !== Boolean(options.inverted);
      data.set(dark ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height: width };
}

describe("the kiosk's QR decoder where the browser has no BarcodeDetector (jsQR)", () => {
  it("reads a ticket's QR code, as the site draws it with our signer's token, back to a genuine ticket", async () => {
    const token = await signer.sign(ticketPassOf(order, order.tickets[0]!));
    const url = `https://arena.test/es/tickets/check/?t=${token}`;
    const read = readQrCode(qrImage(url, { scale: 4 }));
    expect(read).toBe(url);
    const verification = await verifyTicket(read!, ticketTokenVerifier(signer.publicKeys));
    expect(verification).toMatchObject({ kind: "genuine", pass: { t: "ticket-1", e: "event-1" } });
  });

  it("reads a code shown light on dark (a phone in dark mode) and a bare token", async () => {
    const token = await signer.sign(ticketPassOf(order, order.tickets[0]!));
    expect(readQrCode(qrImage(token, { scale: 3, inverted: true }))).toBe(token);
  });

  it("reads nothing in a frame without a code", () => {
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(readQrCode(blank)).toBeUndefined();
  });
});
