import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInsPort, DeviceCheckIn } from "../../core";

export interface CheckInsFixture {
  readonly port: CheckInsPort;
  close(): Promise<void>;
}

/**
 * What every CheckInsPort adapter does (issue 54); `skip` says why a runner cannot run here. The
 * first check-in of a ticket to reach the store wins, whatever the devices' clocks say; a repeat
 * of a check-in records nothing and is answered as before; two gates sending the same ticket at
 * once get one admission between them.
 */
export function checkInsContract(name: string, makeFixture: () => Promise<CheckInsFixture>, options: { readonly skip?: string } = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the check-ins contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the check-ins contract`, () => {
    let fixture: CheckInsFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    // Each test its own event, so that the runs of one fixture do not add up.
    const event = () => `event-${Math.random().toString(36).slice(2, 10)}`;
    let made = 0;
    const checkIn = (ticketId: string, gate: string, deviceId: string, scannedAt: string): DeviceCheckIn => ({ checkInId: `check-in-${(made += 1)}-${Math.random().toString(36).slice(2, 8)}`, ticketId, gate, deviceId, scannedAt });
    const RECEIVED = "2026-12-12T19:30:00.000Z";

    it("admits a ticket's first check-in and tells a later one, from another gate, where and when it was used", async () => {
      const eventId = event();
      const first = checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:42:00.000Z");
      const second = checkIn("ticket-1", "Puerta 7", "kiosk-b", "2026-12-12T19:44:00.000Z");
      const firstUse = { gate: "Puerta 1", deviceId: "kiosk-a", scannedAt: "2026-12-12T19:42:00.000Z" };
      expect(await fixture.port.record(eventId, [first], RECEIVED)).toEqual([{ checkInId: first.checkInId, outcome: "admitted", firstUse }]);
      expect(await fixture.port.record(eventId, [second], RECEIVED)).toEqual([{ checkInId: second.checkInId, outcome: "duplicate", firstUse }]);
      expect(await fixture.port.firstUses(eventId)).toEqual(new Map([["ticket-1", firstUse]]));
    });

    it("lets the first to arrive win, even when a device that synced later scanned earlier", async () => {
      const eventId = event();
      const early = checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:00:00.000Z");
      const late = checkIn("ticket-1", "Puerta 2", "kiosk-b", "2026-12-12T19:20:00.000Z");
      expect((await fixture.port.record(eventId, [late], RECEIVED))[0]!.outcome).toBe("admitted");
      expect(await fixture.port.record(eventId, [early], RECEIVED)).toEqual([{ checkInId: early.checkInId, outcome: "duplicate", firstUse: { gate: "Puerta 2", deviceId: "kiosk-b", scannedAt: late.scannedAt } }]);
    });

    it("answers a check-in sent again as before and records nothing more", async () => {
      const eventId = event();
      const first = checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:42:00.000Z");
      const second = checkIn("ticket-1", "Puerta 2", "kiosk-b", "2026-12-12T19:43:00.000Z");
      const answers = await fixture.port.record(eventId, [first, second], RECEIVED);
      expect(answers.map((answer) => answer.outcome)).toEqual(["admitted", "duplicate"]);
      expect(await fixture.port.record(eventId, [second, first], "2026-12-12T20:00:00.000Z")).toEqual([answers[1], answers[0]]);
      expect(await fixture.port.counts(eventId)).toEqual({ total: 1, byGate: { "Puerta 1": 1 } });
    });

    it("decides within one sync in its order, and keeps events apart", async () => {
      const eventId = event();
      const other = event();
      const answers = await fixture.port.record(
        eventId,
        [checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:00:00.000Z"), checkIn("ticket-2", "Puerta 1", "kiosk-a", "2026-12-12T19:01:00.000Z"), checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:02:00.000Z")],
        RECEIVED,
      );
      expect(answers.map((answer) => answer.outcome)).toEqual(["admitted", "admitted", "duplicate"]);
      expect(answers[2]!.firstUse.scannedAt).toBe("2026-12-12T19:00:00.000Z");
      expect((await fixture.port.record(other, [checkIn("ticket-1", "Puerta 1", "kiosk-a", "2026-12-12T19:05:00.000Z")], RECEIVED))[0]!.outcome).toBe("admitted");
      expect(await fixture.port.counts(other)).toEqual({ total: 1, byGate: { "Puerta 1": 1 } });
      expect(await fixture.port.counts(event())).toEqual({ total: 0, byGate: {} });
    });

    it("admits a ticket once when many gates send it at the same moment, and counts per gate", async () => {
      const eventId = event();
      const gates = Array.from({ length: 8 }, (_, index) => `Puerta ${index + 1}`);
      const answers = (
        await Promise.all(gates.map((gate, index) => fixture.port.record(eventId, [checkIn("ticket-1", gate, `kiosk-${index}`, "2026-12-12T19:00:00.000Z"), checkIn(`ticket-of-${index}`, gate, `kiosk-${index}`, "2026-12-12T19:00:01.000Z")], RECEIVED)))
      ).flat();
      const contested = answers.filter((_, index) => index % 2 === 0);
      expect(contested.filter((answer) => answer.outcome === "admitted")).toHaveLength(1);
      const winner = contested.find((answer) => answer.outcome === "admitted")!.firstUse;
      for (const answer of contested) expect(answer.firstUse).toEqual(winner);
      const counts = await fixture.port.counts(eventId);
      expect(counts.total).toBe(gates.length + 1);
      expect(counts.byGate[winner.gate]).toBe(2);
      expect(Object.values(counts.byGate).reduce((sum, count) => sum + count, 0)).toBe(counts.total);
    });
  });
}
