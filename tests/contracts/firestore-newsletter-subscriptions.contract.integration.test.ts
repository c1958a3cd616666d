import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreNewsletterSubscriptions } from "../../adapters/firebase/firestore-newsletter-subscriptions.adapter";
import { newsletterSubscriptionsContract } from "./newsletter-subscriptions.contract";

// The newsletter list on Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one (Java 21; these machines have 17).
const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

newsletterSubscriptionsContract(
  `Firestore's newsletter list (emulator at ${emulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `newsletter-contract-${Date.now()}`);
    return { port: createFirestoreNewsletterSubscriptions({ firestore: getFirestore(app) }), close: () => deleteApp(app) };
  },
  emulatorHost
    ? {}
    : {
        skip:
          "Firestore's emulator needs Java 21 (and a JAR that firebase-tools downloads); set FIRESTORE_EMULATOR_HOST " +
          "(e.g. `firebase emulators:start --only firestore --project demo-arena`, then FIRESTORE_EMULATOR_HOST=127.0.0.1:8080) to run it",
      },
);
