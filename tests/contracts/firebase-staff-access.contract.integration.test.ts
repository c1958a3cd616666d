import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { inject } from "vitest";
import { createFirebaseStaffAccess } from "../../adapters/firebase/firebase-staff-access.adapter";
import { staffAccessContract } from "./staff-access.contract";

const emulator = inject("firebaseAuthEmulator");

staffAccessContract(
  `Firebase Auth's staff claims (emulator at ${"host" in emulator ? emulator.host : "—"})`,
  async () => {
    if ("skip" in emulator) throw new Error(emulator.skip);
    // firebase-admin finds the emulator through the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    const app = initializeApp({ projectId: emulator.projectId }, `staff-access-contract-${Date.now()}`);
    const auth = getAuth(app);
    return {
      port: createFirebaseStaffAccess({ auth }),
      makeAccount: async (email) => (await auth.createUser({ email, password: "a long staff password" })).uid,
      close: () => deleteApp(app),
    };
  },
  "skip" in emulator ? { skip: emulator.skip } : {},
);
