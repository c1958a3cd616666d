import { generateKeyPairSync } from "node:crypto";
import { Schema } from "effect";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createEd25519TicketSigner } from "../../adapters/runtime/ed25519-ticket-signer.adapter";
import {
  EventPack,
  decideCheckIn,
  indexEventPack,
  ticketPassOf,
  ticketTokenVerifier,
  verifyTicket,
  type CheckInDecision,
  type DeviceCheckIn,
  type FirstUse,
  type TicketOrder,
} from "../../core";
import type { signedUpVisitor } from "./support/accounts";
import { embeddedEvent } from "./support/buyers";
import { doorStaff, paidTickets } from "./support/door-staff";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const EVENT = embeddedEvent("circ-de-les-estrelles");

/**
 * A door kiosk as the kiosk client runs the core (issue 54), without its screens: it downloads the
 * event's pack while online, decides every scan alone on it (the core's verifyTicket and
 * decideCheckIn), keeps what it admitted, and syncs those check-ins once back online.
 */
function kiosk(staff: Awaited<ReturnType<typeof signedUpVisitor>>, gate: string, deviceId: string) {
  let pack: ReturnType<typeof indexEventPack> | undefined;
  let verify: ReturnType<typeof ticketTokenVerifier> | undefined;
  const recorded = new Map<string, DeviceCheckIn>();
  let made = 0;
  return {
    async download() {
      const response = await staff.call(`/api/check-ins/events/${EVENT.uuid}/pack`);
      expect(response.status).toBe(200);
      const decoded = Schema.decodeUnknownSync(EventPack)(await response.json());
      pack = indexEventPack(decoded);
      verify = ticketTokenVerifier(decoded.keys);
      return decoded;
    },
    /** Offline: nothing but the pack and what this device admitted. */
    async scan(text: string, at: string): Promise<CheckInDecision> {
      const firstUseOf = (ticketId: string): FirstUse | undefined => {
        const mine = recorded.get(ticketId);
        return mine ? { gate: mine.gate, deviceId: mine.deviceId, scannedAt: mine.scannedAt } : undefined;
      };
      const decision = decideCheckIn(await verifyTicket(text, verify!), pack!, firstUseOf);
      if (decision.outcome === "admitted") recorded.set(decision.ticketId, { checkInId: `${deviceId}-${(made += 1)}`, ticketId: decision.ticketId, gate, deviceId, scannedAt: at });
      return decision;
    },
    async sync() {
      const response = await staff.call(`/api/check-ins/events/${EVENT.uuid}/check-ins`, { method: "POST", body: { checkIns: [...recorded.values()] } });
      expect(response.status).toBe(200);
      return (await response.json()) as { results: { checkInId: string; outcome: string; firstUse: FirstUse }[]; counts: { total: number; byGate: Record<string, number> } };
    },
  };
}

describe("door check-ins at two gates without network (issue 54)", () => {
  let order: TicketOrder;
  let tokens: string[];
  let staff: Awaited<ReturnType<typeof signedUpVisitor>>;
  let visitor: Awaited<ReturnType<typeof signedUpVisitor>>;
  let buyerEmail: string;
  beforeAll(async () => {
    ({ visitor, buyerEmail, order, tokens } = await paidTickets({ baseUrl, dataDir, slug: "circ-de-les-estrelles", quantity: 2 }));
    staff = await doorStaff({ baseUrl, dataDir, eventUuid: EVENT.uuid });
  }, 60_000);

  it("keeps the kiosks' API from visitors: it does not exist for them", async () => {
    expect((await visitor.call(`/api/check-ins/events/${EVENT.uuid}/pack`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/check-ins/events/${EVENT.uuid}/counts`)).status).toBe(404);
    expect((await staff.call(`/api/check-ins/events/another-event/pack`)).status).toBe(403);
  });

  it("admits at both gates offline, refuses forged and altered codes there, and reports the duplicate to the second gate once online", async () => {
    const north = kiosk(staff, "Puerta Norte", "kiosk-north");
    const south = kiosk(staff, "Puerta Sur", "kiosk-south");
    const pack = await north.download();
    await south.download();
    expect(pack.tickets.filter((ticket) => order.tickets.some((sold) => sold.ticketId === ticket.ticketId))).toHaveLength(2);
    expect(JSON.stringify(pack)).not.toContain(buyerEmail);

    // Network down at both gates: each decides alone.
    const [first, second] = tokens as [string, string];
    expect(await north.scan(`${baseUrl}/es/tickets/check/?t=${first}`, "2026-12-12T19:42:00.000Z")).toMatchObject({ outcome: "admitted", ticketId: order.tickets[0]!.ticketId });
    expect(await north.scan(first, "2026-12-12T19:43:00.000Z")).toEqual({ outcome: "refused", reason: "already-used", firstUse: { gate: "Puerta Norte", deviceId: "kiosk-north", scannedAt: "2026-12-12T19:42:00.000Z" } });
    // The screenshot shared with a friend, shown at the other gate a minute later.
    expect(await south.scan(first, "2026-12-12T19:44:00.000Z")).toMatchObject({ outcome: "admitted" });
    expect(await south.scan(order.tickets[1]!.code.toLowerCase(), "2026-12-12T19:45:00.000Z")).toMatchObject({ outcome: "admitted", ticketId: order.tickets[1]!.ticketId });
    const forged = createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    expect(await south.scan(await forged.sign(ticketPassOf(order, order.tickets[0]!)), "2026-12-12T19:46:00.000Z")).toEqual({ outcome: "refused", reason: "not-valid" });
    const [prefix, kid, payload, signature] = second.split(".");
    const altered = `${payload!.slice(0, 10)}${payload![10] === "A" ? "B" : "A"}${payload!.slice(11)}`;
    expect(await south.scan(`${prefix}.${kid}.${altered}.${signature}`, "2026-12-12T19:47:00.000Z")).toEqual({ outcome: "refused", reason: "not-valid" });

    // Back online: the north gate syncs first, and wins; the south gate is told where and when.
    const northAnswer = await north.sync();
    expect(northAnswer.results.map((result) => result.outcome)).toEqual(["admitted"]);
    const southAnswer = await south.sync();
    expect(southAnswer.results).toEqual([
      { checkInId: "kiosk-south-1", outcome: "duplicate", firstUse: { gate: "Puerta Norte", deviceId: "kiosk-north", scannedAt: "2026-12-12T19:42:00.000Z" } },
      { checkInId: "kiosk-south-2", outcome: "admitted", firstUse: { gate: "Puerta Sur", deviceId: "kiosk-south", scannedAt: "2026-12-12T19:45:00.000Z" } },
    ]);
    // Other tests' gates (the kiosk's e2e) check the same event in: these two gates' counts are their own.
    expect(southAnswer.counts.byGate).toMatchObject({ "Puerta Norte": 1, "Puerta Sur": 1 });
    // A sync sent again changes nothing; a fresh pack tells both gates what the other let in.
    expect((await south.sync()).counts.byGate).toMatchObject({ "Puerta Norte": 1, "Puerta Sur": 1 });
    expect((await north.download()).tickets.find((ticket) => ticket.ticketId === order.tickets[1]!.ticketId)?.firstUse?.gate).toBe("Puerta Sur");
    expect(await north.scan(second, "2026-12-12T19:50:00.000Z")).toMatchObject({ outcome: "refused", reason: "already-used", firstUse: { gate: "Puerta Sur" } });
  });
});
