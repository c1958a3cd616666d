import { createHash } from "node:crypto";
import { Timestamp, type Firestore } from "firebase-admin/firestore";
import { FailureCountersBusyError, type FailureCount, type FailureCounter, type FailureCounters } from "../../core";
import { writeUnlessChanged } from "./firestore-conditional-write";

export const FAILURE_COUNTS_COLLECTION = "failureCounts";

const NONE: FailureCount = { failures: 0, lastFailureAt: null };

export interface FirestoreFailureCountersOptions {
  readonly firestore: Firestore;
  readonly now?: () => number;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredCount {
  readonly counter: string;
  readonly failures: number;
  readonly lastFailureAt: Timestamp;
  /** When the count no longer counts: the field of the collection's TTL policy, which deletes it. */
  readonly expiresAt: Timestamp;
}

/**
 * Failure counts in Firestore, for every instance together: a document per counter and key (its
 * id a digest: keys are accounts and addresses, kept out of the store). A failure reads the count
 * and writes it plus one on condition that no one wrote in between (firestore-conditional-write.ts),
 * reading again when someone did; a success deletes it. A count whose last failure is older than
 * the counter's rule counts as none, and the TTL policy on `expiresAt` (firestore.indexes.json)
 * deletes it. Failures under one key so many at the same moment that the writes keep colliding
 * reject with FailureCountersBusyError, having counted nothing.
 */
export function createFirestoreFailureCounters({ firestore, now = Date.now, collection = FAILURE_COUNTS_COLLECTION }: FirestoreFailureCountersOptions): FailureCounters {
  const counts = firestore.collection(collection);
  return {
    counter(counter, { forgetAfterMs }): FailureCounter {
      const countRef = (key: string) => counts.doc(createHash("sha256").update(`${counter}\n${key}`).digest("hex"));
      const live = (stored: StoredCount | undefined, time: number): FailureCount =>
        stored && stored.lastFailureAt.toMillis() + forgetAfterMs > time ? { failures: stored.failures, lastFailureAt: stored.lastFailureAt.toMillis() } : NONE;
      return {
        async read(key) {
          const snapshot = await countRef(key).get();
          return live(snapshot.data() as StoredCount | undefined, now());
        },
        async fail(key) {
          const time = now();
          const written = await writeUnlessChanged(countRef(key), (snapshot) => {
            const count = { failures: live(snapshot.data() as StoredCount | undefined, time).failures + 1, lastFailureAt: time };
            const write: StoredCount = { counter, failures: count.failures, lastFailureAt: Timestamp.fromMillis(time), expiresAt: Timestamp.fromMillis(time + forgetAfterMs) };
            return { write, result: count };
          });
          if (written.outcome === "contended") throw new FailureCountersBusyError(`Failures under one key of ${counter} are too many at once to count`);
          return written.result;
        },
        async forget(key) {
          await countRef(key).delete();
        },
      };
    },
  };
}
