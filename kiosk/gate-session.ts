import { MAX_CHECK_INS_PER_SYNC, decideCheckIn, indexEventPack, ticketTokenVerifier, verifyTicket, type CheckInCounts, type CheckInDecision, type EventPack, type FirstUse } from "../core";
import type { CheckInsClient } from "../adapters/http/browser/check-ins-client.adapter";
import type { KeptCheckIn, KioskStore } from "./kiosk-store";

export interface GateSetup {
  readonly eventId: string;
  readonly gate: string;
}

/** What the scanning screen shows beside the result: the sync, the conflicts and the counts. */
export interface GateStatus {
  readonly packBuiltAt: string | undefined;
  readonly pending: number;
  /** This device's admissions the server found a duplicate of an earlier use elsewhere. */
  readonly conflicts: readonly KeptCheckIn[];
  readonly counts: CheckInCounts | undefined;
}

/**
 * One gate's scanning (issue 54): every scan decided on the device with the core (the pack in
 * IndexedDB, what this device let in since), each admission kept there first and synced when the
 * network is back, in batches, each under the id it was made with, so a repeat records nothing twice.
 */
export async function openGateSession(setup: GateSetup, dependencies: { readonly store: KioskStore; readonly client: CheckInsClient; readonly now: () => Date }) {
  const { store, client, now } = dependencies;
  const deviceId = await store.deviceId();
  let pack: EventPack | undefined = await store.pack(setup.eventId);
  const kept = new Map((await store.checkIns(setup.eventId)).map((each) => [each.checkIn.ticketId, each]));
  let counts: CheckInCounts | undefined;
  let index = pack && indexEventPack(pack);
  let verify = pack && ticketTokenVerifier(pack.keys);

  const status = (): GateStatus => ({
    packBuiltAt: pack?.builtAt,
    pending: [...kept.values()].filter((each) => each.verdict === "pending").length,
    conflicts: [...kept.values()].filter((each) => each.verdict === "duplicate"),
    counts,
  });
  const firstUseOf = (ticketId: string): FirstUse | undefined => {
    const mine = kept.get(ticketId);
    if (!mine) return undefined;
    return mine.verdict === "duplicate" && mine.firstUse ? mine.firstUse : { gate: mine.checkIn.gate, deviceId: mine.checkIn.deviceId, scannedAt: mine.checkIn.scannedAt };
  };

  return {
    status,
    hasPack: () => pack !== undefined,
    /** A fresh pack from the server (online): what other gates let in since, tickets sold since. */
    async refreshPack() {
      const fresh = await client.pack(setup.eventId);
      await store.keepPack(fresh);
      pack = fresh;
      index = indexEventPack(fresh);
      verify = ticketTokenVerifier(fresh.keys);
    },
    /** The check-in machine's `decide`: offline, on the pack and this device's own check-ins. */
    async decide(text: string): Promise<CheckInDecision> {
      if (!index || !verify) throw new Error("no ticket list on this device yet");
      const decision = decideCheckIn(await verifyTicket(text, verify), index, firstUseOf);
      if (decision.outcome === "admitted") {
        const checkIn: KeptCheckIn = {
          checkIn: { checkInId: crypto.randomUUID(), ticketId: decision.ticketId, gate: setup.gate, deviceId, scannedAt: now().toISOString() },
          eventId: setup.eventId,
          code: decision.code,
          verdict: "pending",
        };
        await store.keep(checkIn);
        kept.set(decision.ticketId, checkIn);
      }
      return decision;
    },
    /** Sends what is pending, then reads the counts; throws when the network is down (nothing is lost). */
    async sync() {
      const pending = [...kept.values()].filter((each) => each.verdict === "pending");
      for (let start = 0; start < pending.length; start += MAX_CHECK_INS_PER_SYNC) {
        const batch = pending.slice(start, start + MAX_CHECK_INS_PER_SYNC);
        const answer = await client.sync(setup.eventId, batch.map((each) => each.checkIn));
        const byId = new Map(answer.results.map((result) => [result.checkInId, result]));
        for (const each of batch) {
          const result = byId.get(each.checkIn.checkInId);
          if (!result) continue;
          const answered: KeptCheckIn = result.outcome === "duplicate" ? { ...each, verdict: "duplicate", firstUse: result.firstUse } : { ...each, verdict: "admitted" };
          await store.keep(answered);
          kept.set(each.checkIn.ticketId, answered);
        }
        counts = answer.counts;
      }
      counts = await client.counts(setup.eventId);
    },
  };
}

export type GateSession = Awaited<ReturnType<typeof openGateSession>>;
