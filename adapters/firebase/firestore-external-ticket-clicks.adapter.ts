import { randomInt } from "node:crypto";
import { FieldValue, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { ExternalTicketClicks, ExternalTicketClicksPort } from "../../core";

export const EXTERNAL_TICKET_CLICKS_COLLECTION = "externalTicketClicks";

/** The visitors counted per event and day, in `<collection>Visitors`; Firestore's TTL policy on `expiresAt` (firestore.indexes.json) deletes them after their day. */
export const CLICK_VISITORS_SUFFIX = "Visitors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Firestore's code for a document that `create` found there already. */
const ALREADY_EXISTS = 6;

/**
 * A document takes about one write per second: a popular external sale is clicked far more often,
 * so each event's day is counted over this many documents, one picked at random per click.
 */
export const CLICK_COUNTER_SHARDS = 10;

export interface FirestoreExternalTicketClicksOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredCount {
  readonly eventId: string;
  readonly day: string;
  readonly clicks: number;
}

/**
 * ExternalTicketClicksPort on Firestore: sharded counters per event and UTC day, added up when read,
 * and a document per visitor counted there, whose creation (which fails when it is there) decides
 * whether a click counts.
 */
export function createFirestoreExternalTicketClicks({ firestore, collection = EXTERNAL_TICKET_CLICKS_COLLECTION }: FirestoreExternalTicketClicksOptions): ExternalTicketClicksPort {
  return {
    async record(eventId, at, visitor) {
      const day = new Date(at).toISOString().slice(0, 10);
      const counted = await firestore
        .collection(`${collection}${CLICK_VISITORS_SUFFIX}`)
        .doc(`${encodeURIComponent(eventId)}_${day}_${encodeURIComponent(visitor)}`)
        .create({ expiresAt: Timestamp.fromMillis(Date.parse(day) + 2 * DAY_MS) })
        .then(
          () => true,
          (error: unknown) => {
            if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
            throw error;
          },
        );
      if (!counted) return;
      const shard = randomInt(CLICK_COUNTER_SHARDS);
      // An increment needs no transaction: Firestore applies it atomically on the server.
      await firestore
        .collection(collection)
        .doc(`${encodeURIComponent(eventId)}_${day}_${shard}`)
        .set({ eventId, day, clicks: FieldValue.increment(1) }, { merge: true });
    },
    async totals(sinceDay) {
      const snapshot = await firestore.collection(collection).where("day", ">=", sinceDay).get();
      const totals = new Map<string, ExternalTicketClicks>();
      for (const document of snapshot.docs) {
        const { eventId, day, clicks } = document.data() as StoredCount;
        const key = `${eventId}\u0000${day}`;
        totals.set(key, { eventId, day, clicks: (totals.get(key)?.clicks ?? 0) + clicks });
      }
      return [...totals.values()].sort((a, b) => (a.eventId === b.eventId ? a.day.localeCompare(b.day) : a.eventId.localeCompare(b.eventId)));
    },
  };
}
