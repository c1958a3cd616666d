import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreRateLimiters } from "../../adapters/firebase/firestore-rate-limiters.adapter";
import { rateLimitersContract, sharedRateLimitersContract } from "./rate-limiters.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's rate limiters against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.

rateLimitersContract(
  `Firestore's rate limiters (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `rate-limiters-contract-${Date.now()}`);
    let now = 0;
    const limiters = createFirestoreRateLimiters({ firestore: getFirestore(app), now: () => now, collection: `rateLimitWindows-${Date.now()}` });
    return { limiters, setNow: (time) => (now = time), close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);

// Two Firebase apps, each with its own client, as two instances have.
sharedRateLimitersContract(
  `Firestore's rate limiters of two instances (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const apps = [1, 2].map((instance) => initializeApp({ projectId: "demo-arena" }, `rate-limiters-shared-contract-${instance}-${Date.now()}`));
    const collection = `rateLimitWindows-${Date.now()}`;
    let now = 0;
    const [limiters, peer] = apps.map((app) => createFirestoreRateLimiters({ firestore: getFirestore(app), now: () => now, collection }));
    return { limiters: limiters!, peer: peer!, setNow: (time) => (now = time), close: async () => void (await Promise.all(apps.map((app) => deleteApp(app)))) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
