import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirestoreTicketStore } from "../adapters/firebase/firestore-ticket-store.adapter";
import type { TicketStorePort } from "../core";

/** The Firestore ticket store, in a module of its own: firebase-admin loads only when configured. */
export function firestoreTicketStore(projectId: string, shardCount: number): TicketStorePort {
  return createFirestoreTicketStore({ firestore: getFirestore(firebaseAdminApp({ projectId })), shardCount });
}
