import { inject } from "vitest";

/**
 * The Firestore runners' one condition: the emulator the `firebase` project's global setup started
 * (or the one FIRESTORE_EMULATOR_HOST named; firestore-emulator.setup.ts points firebase-admin at it,
 * which then needs no credentials). Where none could start, the runner is skipped with the reason.
 */
const emulator = inject("firestoreEmulator") ?? {
  skip: "the Firestore emulator starts for the `firebase` vitest project only: run this file with `npx vitest run --project firebase`",
};

export const firestoreEmulatorHost: string | undefined = "host" in emulator ? emulator.host : undefined;

export const FIRESTORE_RUNNER_OPTIONS: { readonly skip?: string } = "skip" in emulator ? { skip: emulator.skip } : {};
