import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirestoreFailureCounters } from "../adapters/firebase/firestore-failure-counters.adapter";
import { createFirestoreRateLimiters } from "../adapters/firebase/firestore-rate-limiters.adapter";
import type { FailureCounters, RateLimiters } from "../core";

/** The Firebase side of the rate limits, in a module of its own: firebase-admin loads only when configured. */
export function firebaseRateLimits(projectId: string): { readonly rateLimiters: RateLimiters; readonly failureCounters: FailureCounters } {
  const firestore = getFirestore(firebaseAdminApp({ projectId }));
  return { rateLimiters: createFirestoreRateLimiters({ firestore }), failureCounters: createFirestoreFailureCounters({ firestore }) };
}
