import { describe, expect, it } from "vitest";
import type { CheckInsClient } from "../../../adapters/http/browser/check-ins-client.adapter";
import type { EventPack } from "../../../core";
import { openGateSession } from "../../../kiosk/gate-session";
import type { KeptCheckIn, KioskStore } from "../../../kiosk/kiosk-store";
import { EVENT_ID, freshSigner, packOf, passOf } from "../core/domain/check-in/support/ticket-tokens";

/** The device's IndexedDB as a map: what the gate's session keeps and reads. */
function memoryStore(): KioskStore {
  const packs = new Map<string, EventPack>();
  const checkIns = new Map<string, KeptCheckIn>();
  return {
    pack: async (eventId) => packs.get(eventId),
    keepPack: async (pack) => void packs.set(pack.eventId, pack),
    checkIns: async (eventId) => [...checkIns.values()].filter((each) => each.eventId === eventId),
    keep: async (each) => void checkIns.set(each.checkIn.checkInId, each),
    deviceId: async () => "kiosk-test",
  };
}

describe("a gate's session", () => {
  it("keeps its pending check-ins across a pack refresh, and still refuses a ticket it let in that the fresh pack does not know of", async () => {
    const signer = freshSigner();
    const first = packOf(signer);
    // Built on the server before this gate's admission reached it: ticket-1 unused there, ticket-4 sold since.
    const fresh: EventPack = { ...first, builtAt: "2026-12-12T18:02:00.000Z", tickets: [...first.tickets, { ticketId: "ticket-4", code: "7K3M9Q2X4ZR4", ticketTypeId: "pista", state: "valid" }] };
    const served = [first, fresh];
    const client = { pack: async () => served.shift()!, sync: async () => Promise.reject(new Error("offline")), counts: async () => Promise.reject(new Error("offline")) } as unknown as CheckInsClient;
    const store = memoryStore();
    const session = await openGateSession({ eventId: EVENT_ID, gate: "Puerta 1" }, { store, client, now: () => new Date("2026-12-12T18:01:00.000Z") });
    await session.refreshPack();
    expect(await session.decide(await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1")))).toMatchObject({ outcome: "admitted", ticketId: "ticket-1" });
    expect(session.status()).toMatchObject({ pending: 1, packBuiltAt: first.builtAt });

    await session.refreshPack();
    expect(session.status()).toMatchObject({ pending: 1, packBuiltAt: fresh.builtAt });
    expect(await store.checkIns(EVENT_ID)).toHaveLength(1);
    expect(await session.decide(await signer.sign(passOf("ticket-1", "7K3M9Q2X4ZR1")))).toMatchObject({ outcome: "refused", reason: "already-used", firstUse: { gate: "Puerta 1" } });
    expect(await session.decide("7k3m9q2x4zr4")).toMatchObject({ outcome: "admitted", ticketId: "ticket-4" });
  });
});
