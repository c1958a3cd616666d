import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreMailOutboxStore } from "../../adapters/firebase/firestore-mail-outbox.adapter";
import { mailOutboxContract } from "./mail-outbox.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's mail outbox against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.
// Each outbox is a collection of its own; its connections alternate between two Firebase apps,
// each with its own client, as two instances have.

mailOutboxContract(
  `Firestore's mail outbox (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const run = Date.now();
    const apps = [1, 2].map((instance) => initializeApp({ projectId: "demo-arena" }, `mail-outbox-contract-${instance}-${run}`));
    let outboxes = 0;
    return {
      async outbox() {
        const collection = `mailOutbox-${run}-${++outboxes}`;
        let connections = 0;
        return { connect: () => createFirestoreMailOutboxStore({ firestore: getFirestore(apps[connections++ % 2]!), collection }) };
      },
      close: async () => void (await Promise.all(apps.map((app) => deleteApp(app)))),
    };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
