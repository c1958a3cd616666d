import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreEditorSessions } from "../../adapters/firebase/firestore-editor-sessions.adapter";
import { editorSessionsContract } from "./editor-sessions.contract";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// Two Firebase apps, each with its own client, as two instances have.
editorSessionsContract(
  `Firestore's editor sessions of two instances (emulator at ${firestoreEmulatorHost ?? "—"})`,
  async () => {
    const apps = [1, 2].map((instance) => initializeApp({ projectId: "demo-arena" }, `editor-sessions-contract-${instance}-${Date.now()}`));
    const collection = `editorSessions-${Date.now()}`;
    const [port, peer] = apps.map((app) => createFirestoreEditorSessions({ firestore: getFirestore(app), collection }));
    return { port: port!, peer: peer!, close: async () => void (await Promise.all(apps.map((app) => deleteApp(app)))) };
  },
  FIRESTORE_RUNNER_OPTIONS,
);
