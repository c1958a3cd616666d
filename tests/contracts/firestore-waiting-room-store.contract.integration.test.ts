import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreWaitingRoomStore } from "../../adapters/firebase/firestore-waiting-room-store.adapter";
import { waitingRoomStoreContract } from "./waiting-room-store.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Firestore's waiting room store against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points
// at one. Three lanes, not the default eight: the contract's few arrivals then spread over several.

waitingRoomStoreContract(
  `Firestore's waiting room store, 3 lanes (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `waiting-room-contract-${Date.now()}`);
    const other = initializeApp({ projectId: "demo-arena" }, `waiting-room-contract-other-${Date.now()}`);
    return {
      port: createFirestoreWaitingRoomStore({ firestore: getFirestore(app), lanes: 3 }),
      otherInstance: createFirestoreWaitingRoomStore({ firestore: getFirestore(other), lanes: 3 }),
      close: async () => {
        await deleteApp(app);
        await deleteApp(other);
      },
    };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
