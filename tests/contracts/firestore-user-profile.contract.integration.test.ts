import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreUserProfiles } from "../../adapters/firebase/firestore-user-profile.adapter";
import { userProfileContract } from "./user-profile.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// The Firestore store against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one
// (firebase-admin then talks to it and needs no credentials).

userProfileContract(
  `Firestore's user profiles (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `user-profile-contract-${Date.now()}`);
    const port = createFirestoreUserProfiles({ firestore: getFirestore(app) });
    return { port, close: () => deleteApp(app) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
