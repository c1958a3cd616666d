import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreTicketStore } from "../../adapters/firebase/firestore-ticket-store.adapter";
import { ticketStoreContract } from "./ticket-store.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's ticket store against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one.
// Three shards, not the default fifty: the contract's small capacities then spread over several
// shards, so holds that must read every shard, take from several and share a capacity out all run.

ticketStoreContract(
  `Firestore's ticket store, 3 shards per ticket type (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `ticket-store-contract-${Date.now()}`);
    const port = createFirestoreTicketStore({ firestore: getFirestore(app), shardCount: 3 });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
