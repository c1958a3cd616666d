import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { EditorSessionsPort } from "../../core";
import { firebaseAdminApp } from "./firebase-admin-app";

export const EDITOR_SESSIONS_COLLECTION = "editorSessions";

export interface FirestoreEditorSessionsOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredEditorSession {
  readonly passwordFingerprint: string;
  /** The field of the collection's TTL policy, which deletes sessions once they have expired. */
  readonly expiresAt: Timestamp;
}

/**
 * EditorSessionsPort on Firestore, for every instance together: a document per session, named by
 * its digest. A session of another password is refused on reading (and left to the TTL policy).
 */
export function createFirestoreEditorSessions({ firestore, collection = EDITOR_SESSIONS_COLLECTION }: FirestoreEditorSessionsOptions): EditorSessionsPort {
  const sessions = firestore.collection(collection);
  return {
    async open({ digest, passwordFingerprint, expiresAt }) {
      await sessions.doc(digest).create({ passwordFingerprint, expiresAt: Timestamp.fromMillis(expiresAt) } satisfies StoredEditorSession);
    },
    async isOpen(digest, passwordFingerprint, now) {
      const stored = (await sessions.doc(digest).get()).data() as StoredEditorSession | undefined;
      return stored?.passwordFingerprint === passwordFingerprint && stored.expiresAt.toMillis() > now;
    },
    async close(digest) {
      await sessions.doc(digest).delete();
    },
  };
}

export function createFirestoreEditorSessionsForProject(projectId: string): EditorSessionsPort {
  return createFirestoreEditorSessions({ firestore: getFirestore(firebaseAdminApp({ projectId })) });
}
