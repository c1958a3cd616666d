/**
 * The Firestore runners' one condition: FIRESTORE_EMULATOR_HOST points at an emulator (firebase-admin
 * then talks to it and needs no credentials). `npm test` does not start one yet; where none is set,
 * the runner is skipped with this reason, printed.
 */
export const firestoreEmulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

export const FIRESTORE_RUNNER_OPTIONS: { readonly skip?: string } = firestoreEmulatorHost
  ? {}
  : {
      skip:
        "no Firestore emulator: set FIRESTORE_EMULATOR_HOST to one (it needs Java 21 or later: `firebase emulators:start --only firestore " +
        "--project demo-arena`, or Debian's google-cloud-cli-firestore-emulator), e.g. FIRESTORE_EMULATOR_HOST=127.0.0.1:8080",
    };
