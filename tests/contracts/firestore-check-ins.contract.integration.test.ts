import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreCheckIns } from "../../adapters/firebase/firestore-check-ins.adapter";
import { checkInsContract } from "./check-ins.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

checkInsContract(
  `Firestore's check-ins (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `check-ins-contract-${Date.now()}`);
    const port = createFirestoreCheckIns({ firestore: getFirestore(app), collection: `checkIns-${Date.now()}` });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
