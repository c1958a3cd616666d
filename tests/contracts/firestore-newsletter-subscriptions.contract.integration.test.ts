import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreNewsletterSubscriptions } from "../../adapters/firebase/firestore-newsletter-subscriptions.adapter";
import { newsletterSubscriptionsContract } from "./newsletter-subscriptions.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// The newsletter list on Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.

newsletterSubscriptionsContract(
  `Firestore's newsletter list (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `newsletter-contract-${Date.now()}`);
    return { port: createFirestoreNewsletterSubscriptions({ firestore: getFirestore(app) }), close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
