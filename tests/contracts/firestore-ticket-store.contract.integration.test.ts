import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreTicketStore } from "../../adapters/firebase/firestore-ticket-store.adapter";
import { ticketStoreContract } from "./ticket-store.contract";

// Firestore's ticket store against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.
// Three shards, not the default fifty: the contract's small capacities then spread over several
// shards, so holds that must read every shard, take from several and share a capacity out all run.

const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

ticketStoreContract(
  `Firestore's ticket store, 3 shards per ticket type (emulator at ${emulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `ticket-store-contract-${Date.now()}`);
    const port = createFirestoreTicketStore({ firestore: getFirestore(app), shardCount: 3 });
    return { port, close: () => deleteApp(app) };
  },
  emulatorHost
    ? {}
    : {
        skip:
          "no Firestore emulator: set FIRESTORE_EMULATOR_HOST to one (it needs Java 21 or later: `firebase emulators:start --only firestore " +
          "--project demo-arena`, or the gcloud CLI's cloud-firestore-emulator component), e.g. FIRESTORE_EMULATOR_HOST=127.0.0.1:8080",
      },
);
