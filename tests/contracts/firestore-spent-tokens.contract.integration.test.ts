import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreSpentTokens } from "../../adapters/firebase/firestore-spent-tokens.adapter";
import { spentTokensContract } from "./spent-tokens.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

spentTokensContract(
  `Firestore's spent tokens (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `spent-tokens-contract-${Date.now()}`);
    const port = createFirestoreSpentTokens({ firestore: getFirestore(app), collection: `spentTokens-${Date.now()}` });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
