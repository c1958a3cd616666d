import { createHash } from "node:crypto";
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import type { RateDecision, RateLimiter, RateLimiters } from "../../core";
import { writeUnlessChanged } from "./firestore-conditional-write";

export const RATE_LIMITS_COLLECTION = "rateLimitWindows";

export interface FirestoreRateLimitersOptions {
  readonly firestore: Firestore;
  readonly now?: () => number;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredWindow {
  readonly limiter: string;
  /** Milliseconds since the epoch: the window's start. */
  readonly windowStart: number;
  readonly count: number;
  /** The window's end: the field of the collection's TTL policy, which deletes past windows. */
  readonly expiresAt: Timestamp;
}

/**
 * Fixed-window limiters whose counts live in Firestore, for every instance together: a document
 * per limiter and key (its id a digest: keys are addresses and accounts, kept out of the store),
 * holding the current window's count. A take reads it and, under the limit, writes the count plus
 * one on condition that no one wrote in between (firestore-conditional-write.ts), reading again
 * when someone did; past the limit, the read refuses and nothing is written, so refusals never
 * collide. A window is never
 * moved back: an instance whose clock lags counts in the newer window another instance began.
 *
 * A key whose conditional writes keep colliding is a crowd on it (many visitors behind one
 * address): each collision was another request's take, counted, so a limit below the attempts
 * (20) is exact however many come at once. Past them, a take still under the limit is allowed and
 * counted by an increment, which needs no condition and so collides with no one; the count may
 * then pass the limit by the requests under way at that moment (docs/rate-limits.md says why
 * this, not a sharded count). Firestore sustains about one write a second on a document, so a
 * limit of many requests a second on one key (the embedded content API's public token) is better
 * left to each instance. Past windows are deleted by a TTL policy on `expiresAt`
 * (firestore.indexes.json).
 */
export function createFirestoreRateLimiters({ firestore, now = Date.now, collection = RATE_LIMITS_COLLECTION }: FirestoreRateLimitersOptions): RateLimiters {
  const windows = firestore.collection(collection);
  return {
    limiter(limiter, { limit, windowMs = 1000 }): RateLimiter {
      const windowRef = (key: string) => windows.doc(createHash("sha256").update(`${limiter}\n${key}`).digest("hex"));
      const windowOf = (time: number) => time - (time % windowMs);
      return {
        limit,
        async take(key): Promise<RateDecision> {
          const time = now();
          const start = windowOf(time);
          const ref = windowRef(key);
          const decide = (snapshot: DocumentSnapshot) => {
            const stored = snapshot.data() as StoredWindow | undefined;
            const windowStart = Math.max(start, stored?.windowStart ?? start);
            const count = stored?.windowStart === windowStart ? stored.count : 0;
            const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - time) / 1000));
            if (count >= limit) return { result: { allowed: false, remaining: 0, retryAfterSeconds } };
            const write: StoredWindow = { limiter, windowStart, count: count + 1, expiresAt: Timestamp.fromMillis(windowStart + windowMs) };
            return { write, result: { allowed: true, remaining: limit - count - 1, retryAfterSeconds } };
          };
          const written = await writeUnlessChanged(ref, decide);
          if (written.outcome === "decided") return written.result;
          const snapshot = await ref.get();
          const { write, result } = decide(snapshot);
          if (!write) return result;
          // Only a count of the window in force is raised; a window begun meanwhile is rare enough to refuse for a second.
          if ((snapshot.data() as StoredWindow | undefined)?.windowStart !== write.windowStart) return { allowed: false, remaining: 0, retryAfterSeconds: 1 };
          await ref.update({ count: FieldValue.increment(1) });
          return result;
        },
        async trackedKeys() {
          const counted = await windows.where("limiter", "==", limiter).where("windowStart", "==", windowOf(now())).count().get();
          return counted.data().count;
        },
      };
    },
  };
}
