import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreFormInbox } from "../../adapters/firebase/firestore-form-inbox.adapter";
import { formInboxContract } from "./form-inbox.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's form inbox against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.

formInboxContract(
  `Firestore's form inbox (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `form-inbox-contract-${Date.now()}`);
    const port = createFirestoreFormInbox({ firestore: getFirestore(app) });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
