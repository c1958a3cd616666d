import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreExternalTicketClicks } from "../../adapters/firebase/firestore-external-ticket-clicks.adapter";
import { externalTicketClicksContract } from "./external-ticket-clicks.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

externalTicketClicksContract(
  `Firestore's external ticket clicks (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `external-clicks-contract-${Date.now()}`);
    const port = createFirestoreExternalTicketClicks({ firestore: getFirestore(app), collection: `externalTicketClicks-${Date.now()}` });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
