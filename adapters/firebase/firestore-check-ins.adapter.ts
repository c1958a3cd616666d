import { randomInt } from "node:crypto";
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import { TicketStoreBusyError, type CheckInsPort, type DeviceCheckIn, type FirstUse, type SyncedCheckIn } from "../../core";
import { isContention } from "./firestore-contention";

export const CHECK_INS_COLLECTION = "checkIns";
/** Per event and ticket, its admission: created once, in the transaction that decides it. */
const FIRST_USES_SUFFIX = "FirstUses";
/** People in per event and gate, over shards: a busy gate admits several people a second. */
const COUNTS_SUFFIX = "Counts";
export const CHECK_IN_COUNT_SHARDS = 10;
/** How many check-ins of one sync are decided at once: a kiosk's backlog goes in parallel, within reason. */
const PARALLEL_DECISIONS = 16;

export interface FirestoreCheckInsOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredCheckIn {
  readonly eventId: string;
  readonly ticketId: string;
}

interface StoredFirstUse extends FirstUse {
  readonly eventId: string;
  readonly ticketId: string;
  readonly checkInId: string;
}

const idOf = (...parts: readonly string[]) => parts.map(encodeURIComponent).join("_");
const useOf = ({ gate, deviceId, scannedAt }: FirstUse): FirstUse => ({ gate, deviceId, scannedAt });

/**
 * CheckInsPort on Firestore: a document per check-in under its device-made id, one per admitted
 * ticket, and sharded counters per gate; each check-in is decided in a transaction that reads the
 * first two, so two instances deciding the same ticket at once admit it once.
 */
export function createFirestoreCheckIns({ firestore, collection = CHECK_INS_COLLECTION }: FirestoreCheckInsOptions): CheckInsPort {
  const checkIns = firestore.collection(collection);
  const firstUses = firestore.collection(`${collection}${FIRST_USES_SUFFIX}`);
  const counts = firestore.collection(`${collection}${COUNTS_SUFFIX}`);

  const decide = (eventId: string, checkIn: DeviceCheckIn, receivedAt: string): Promise<SyncedCheckIn> =>
    firestore
      .runTransaction(
        async (transaction) => {
          const checkInRef = checkIns.doc(idOf(eventId, checkIn.checkInId));
          const stored = await transaction.get(checkInRef);
          // A check-in sent again: the ticket it named then decides, and its first use is the answer.
          const ticketId = stored.exists ? (stored.data() as StoredCheckIn).ticketId : checkIn.ticketId;
          const firstRef = firstUses.doc(idOf(eventId, ticketId));
          const first = await transaction.get(firstRef);
          if (first.exists) {
            const use = first.data() as StoredFirstUse;
            if (!stored.exists) transaction.create(checkInRef, { eventId, ...checkIn, receivedAt, admitted: false });
            return { checkInId: checkIn.checkInId, outcome: use.checkInId === checkIn.checkInId ? "admitted" : "duplicate", firstUse: useOf(use) } as const;
          }
          transaction.create(checkInRef, { eventId, ...checkIn, receivedAt, admitted: true });
          transaction.create(firstRef, { eventId, ticketId, checkInId: checkIn.checkInId, ...useOf(checkIn) } satisfies StoredFirstUse);
          transaction.set(counts.doc(idOf(eventId, checkIn.gate, String(randomInt(CHECK_IN_COUNT_SHARDS)))), { eventId, gate: checkIn.gate, admitted: FieldValue.increment(1) }, { merge: true });
          return { checkInId: checkIn.checkInId, outcome: "admitted", firstUse: useOf(checkIn) } as const;
        },
        { maxAttempts: 30 },
      )
      .catch((error: unknown) => {
        if (isContention(error)) throw new TicketStoreBusyError("The check-ins store is busy", { cause: error });
        throw error;
      });

  return {
    async record(eventId, batch, receivedAt) {
      const answers: SyncedCheckIn[] = [];
      // In order within a sync: a ticket twice in one batch is admitted at its first.
      for (let start = 0; start < batch.length; start += PARALLEL_DECISIONS) {
        const slice = batch.slice(start, start + PARALLEL_DECISIONS);
        const repeatsWithin = new Set(slice.map((checkIn) => checkIn.ticketId)).size !== slice.length;
        if (repeatsWithin) for (const checkIn of slice) answers.push(await decide(eventId, checkIn, receivedAt));
        else answers.push(...(await Promise.all(slice.map((checkIn) => decide(eventId, checkIn, receivedAt)))));
      }
      return answers;
    },
    async counts(eventId) {
      const byGate: Record<string, number> = {};
      for (const document of (await counts.where("eventId", "==", eventId).get()).docs) {
        const { gate, admitted } = document.data() as { gate: string; admitted: number };
        byGate[gate] = (byGate[gate] ?? 0) + admitted;
      }
      return { total: Object.values(byGate).reduce((sum, count) => sum + count, 0), byGate };
    },
    async firstUses(eventId) {
      const snapshot = await firstUses.where("eventId", "==", eventId).get();
      return new Map(snapshot.docs.map((document) => {
        const use = document.data() as StoredFirstUse;
        return [use.ticketId, useOf(use)];
      }));
    },
  };
}
