import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideCheckIn, indexEventPack, ticketTokenVerifier, verifyTicket, type FirstUse } from "../../../../../core";
import { freshSigner, packOf, passOf } from "./support/ticket-tokens";

const signer = freshSigner();
const pack = indexEventPack(packOf(signer));
const verify = ticketTokenVerifier(signer.publicKeys);
const FIRST: FirstUse = { gate: "Puerta 1", deviceId: "kiosk-a", scannedAt: "2026-12-12T18:42:00.000Z" };
const nothingUsed = () => undefined;

async function decide(scanned: string, firstUseOf: (ticketId: string) => FirstUse | undefined = nothingUsed) {
  return decideCheckIn(await verifyTicket(scanned, verify), pack, firstUseOf);
}

describe("decideCheckIn, a door's decision offline", () => {
  it("admits a genuine ticket of the event, by its QR code or its typed code", async () => {
    expect(await decide(await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1")))).toEqual({ outcome: "admitted", ticketId: "ticket-1", code: "7K3M9Q2X4ZR1" });
    expect(await decide("7k3m 9q2x 4zr2")).toEqual({ outcome: "admitted", ticketId: "ticket-2", code: "7K3M9Q2X4ZR2" });
  });

  it("admits a genuine ticket sold after the pack was built: its signature vouches for it", async () => {
    expect(await decide(await signer.sign(passOf("ticket-new", "7K3M9Q2X4ZR9")))).toMatchObject({ outcome: "admitted", ticketId: "ticket-new" });
  });

  it("refuses forgeries, unknown codes, other events' tickets, cancelled and refunded ones and those used before, saying where and when", async () => {
    expect(await decide(await freshSigner().sign(passOf("ticket-1", "7K3M9Q2X4ZR1")))).toEqual({ outcome: "refused", reason: "not-valid" });
    expect(await decide("7K3M9Q2X4ZR8")).toEqual({ outcome: "refused", reason: "not-valid" });
    expect(await decide(await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1", "another-event")))).toEqual({ outcome: "refused", reason: "wrong-event" });
    expect(await decide(await signer.sign(passOf("ticket-3", "7K3M9Q2X4ZR3")))).toEqual({ outcome: "refused", reason: "cancelled" });
    expect(await decide("7K3M9Q2X4ZR3")).toEqual({ outcome: "refused", reason: "cancelled" });
    expect(await decide(await signer.sign(passOf("ticket-5", "7K3M9Q2X4ZR5")))).toEqual({ outcome: "refused", reason: "refunded" });
    expect(await decide("7K3M9Q2X4ZR5")).toEqual({ outcome: "refused", reason: "refunded" });
    const used = (ticketId: string) => (ticketId === "ticket-1" ? FIRST : undefined);
    expect(await decide(await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1")), used)).toEqual({ outcome: "refused", reason: "already-used", firstUse: FIRST });
    expect(await decide("7K3M9Q2X4ZR1", used)).toEqual({ outcome: "refused", reason: "already-used", firstUse: FIRST });
  });

  it("lets each ticket in once on a device that records what it admits, whatever the order of scans", async () => {
    const scans = await Promise.all([
      signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1")),
      signer.sign(passOf("ticket-2", "7K3M9Q2X4ZR2")),
      signer.sign(passOf("ticket-new", "7K3M9Q2X4ZR9")),
      "7K3M9Q2X4ZR1",
      "7K3M9Q2X4ZR2",
      freshSigner().sign(passOf("ticket-2", "7K3M9Q2X4ZR2")),
    ]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: scans.length - 1 }), { maxLength: 20 }), async (order) => {
        const used = new Map<string, FirstUse>();
        const admitted: string[] = [];
        for (const [index, scan] of order.entries()) {
          const decision = await decide(scans[scan]!, (ticketId) => used.get(ticketId));
          if (decision.outcome === "admitted") {
            admitted.push(decision.ticketId);
            used.set(decision.ticketId, { ...FIRST, scannedAt: new Date(Date.UTC(2026, 11, 12, 18, index)).toISOString() });
          } else if (decision.reason === "already-used") {
            expect(admitted).toContain([...used].find(([, use]) => use === decision.firstUse)?.[0]);
          }
        }
        expect(new Set(admitted).size).toBe(admitted.length);
      }),
      { numRuns: 100 },
    );
  });
});
