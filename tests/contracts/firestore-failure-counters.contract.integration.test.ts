import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreFailureCounters } from "../../adapters/firebase/firestore-failure-counters.adapter";
import { failureCountersContract, sharedFailureCountersContract } from "./failure-counters.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's failure counters against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.

failureCountersContract(
  `Firestore's failure counters (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `failure-counters-contract-${Date.now()}`);
    let now = 0;
    const counters = createFirestoreFailureCounters({ firestore: getFirestore(app), now: () => now, collection: `failureCounts-${Date.now()}` });
    return { counters, setNow: (time) => (now = time), close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);

// Two Firebase apps, each with its own client, as two instances have.
sharedFailureCountersContract(
  `Firestore's failure counters of two instances (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const apps = [1, 2].map((instance) => initializeApp({ projectId: "demo-arena" }, `failure-counters-shared-contract-${instance}-${Date.now()}`));
    const collection = `failureCounts-${Date.now()}`;
    let now = 0;
    const [counters, peer] = apps.map((app) => createFirestoreFailureCounters({ firestore: getFirestore(app), now: () => now, collection }));
    return { counters: counters!, peer: peer!, setNow: (time) => (now = time), close: async () => void (await Promise.all(apps.map((app) => deleteApp(app)))) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
