import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreFormInbox } from "../../adapters/firebase/firestore-form-inbox.adapter";
import { formInboxContract } from "./form-inbox.contract";

// Firestore's form inbox against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.
// It cannot run on this project's machines: the emulator is a Java 21 JAR, and they have Java 17.

const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

formInboxContract(
  `Firestore's form inbox (emulator at ${emulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `form-inbox-contract-${Date.now()}`);
    const port = createFirestoreFormInbox({ firestore: getFirestore(app) });
    return { port, close: () => deleteApp(app) };
  },
  emulatorHost
    ? {}
    : {
        skip:
          "Firestore's emulator needs Java 21 (and a JAR that firebase-tools downloads); set FIRESTORE_EMULATOR_HOST " +
          "(e.g. `firebase emulators:start --only firestore --project demo-arena`, then FIRESTORE_EMULATOR_HOST=127.0.0.1:8080) to run it",
      },
);
