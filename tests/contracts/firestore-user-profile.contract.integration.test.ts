import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreUserProfiles } from "../../adapters/firebase/firestore-user-profile.adapter";
import { userProfileContract } from "./user-profile.contract";

// The Firestore store against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one
// (firebase-admin then talks to it and needs no credentials). It cannot run on this project's
// machines: the emulator is a Java 21 JAR that firebase-tools downloads, and they have Java 17.

const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

userProfileContract(
  `Firestore's user profiles (emulator at ${emulatorHost ?? "—"})`,
  async () => {
    const app = initializeApp({ projectId: "demo-arena" }, `user-profile-contract-${Date.now()}`);
    const port = createFirestoreUserProfiles({ firestore: getFirestore(app) });
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
