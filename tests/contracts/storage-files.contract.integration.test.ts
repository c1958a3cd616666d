import { deleteApp, initializeApp } from "firebase-admin/app";
import { createStorageFiles } from "../../adapters/firebase/storage-files.adapter";
import { filesContract } from "./files.contract";

// Firebase Storage against its emulator, when FIREBASE_STORAGE_EMULATOR_HOST points at one
// (firebase-admin then talks to it and needs no credentials). It cannot run on this project's
// machines: the emulator is a Java 21 JAR that firebase-tools downloads, and they have Java 17.
// Each run writes under a folder of its own.

const emulatorHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

filesContract(
  `Firebase Storage's files (emulator at ${emulatorHost ?? "—"})`,
  async (settings) => {
    const app = initializeApp({ projectId: "demo-arena", storageBucket: "demo-arena.appspot.com" }, `files-contract-${Date.now()}`);
    const folder = `contract-files-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const open = () => createStorageFiles({ app, folder, ...settings });
    return { port: open(), another: open, close: () => deleteApp(app) };
  },
  emulatorHost
    ? {}
    : {
        skip:
          "Firebase Storage's emulator needs Java 21 (and a JAR that firebase-tools downloads); set FIREBASE_STORAGE_EMULATOR_HOST " +
          "(e.g. `firebase emulators:start --only storage --project demo-arena`, then FIREBASE_STORAGE_EMULATOR_HOST=127.0.0.1:9199) to run it",
      },
);
