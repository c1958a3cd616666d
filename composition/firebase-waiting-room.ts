import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirestoreWaitingRoomStore } from "../adapters/firebase/firestore-waiting-room-store.adapter";
import type { WaitingRoomStorePort } from "../core";

/** The Firebase side of the waiting rooms, in a module of its own: firebase-admin loads only when configured. */
export function firestoreWaitingRooms(projectId: string): WaitingRoomStorePort {
  return createFirestoreWaitingRoomStore({ firestore: getFirestore(firebaseAdminApp({ projectId })) });
}
