import { getApps, initializeApp, type App } from "firebase-admin/app";

export interface FirebaseAdminAppOptions {
  readonly projectId: string;
  /** One app per name and process; the default app otherwise. */
  readonly name?: string;
}

/**
 * firebase-admin's app for the project, made once per process. Credentials come from Application
 * Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, or the platform's service account), read
 * lazily by the SDK; with FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST set, the SDK talks
 * to the emulators and needs none.
 */
export function firebaseAdminApp({ projectId, name = "[DEFAULT]" }: FirebaseAdminAppOptions): App {
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}
