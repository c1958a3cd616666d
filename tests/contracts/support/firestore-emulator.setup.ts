import { inject } from "vitest";

// Before each `firebase` test file loads: firebase-admin (and @firebase/rules-unit-testing) find the
// run's Firestore emulator through FIRESTORE_EMULATOR_HOST only.
const emulator = inject("firestoreEmulator");
if (emulator && "host" in emulator) process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
