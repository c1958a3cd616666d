import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirestoreExternalTicketClicks } from "../adapters/firebase/firestore-external-ticket-clicks.adapter";
import { createFirestoreTicketStore } from "../adapters/firebase/firestore-ticket-store.adapter";
import type { ExternalTicketClicksPort, TicketStorePort } from "../core";

/** The Firebase side of ticket sales, in a module of its own: firebase-admin loads only when configured. */
export function firebaseTickets(projectId: string, shardCount: number): { store: TicketStorePort; clicks: ExternalTicketClicksPort } {
  const firestore = getFirestore(firebaseAdminApp({ projectId }));
  return { store: createFirestoreTicketStore({ firestore, shardCount }), clicks: createFirestoreExternalTicketClicks({ firestore }) };
}
