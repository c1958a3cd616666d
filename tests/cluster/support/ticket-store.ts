import { getApps, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreTicketStore } from "../../../adapters/firebase/firestore-ticket-store.adapter";
import { running } from "./cluster";
import { TICKET_SHARDS } from "./ticket-shards";

/** The ticket store the instances share, read (and sold from at the box office) as the cluster's Firestore has it. */
export function sharedTicketStore() {
  const { projectId } = running();
  const app = getApps().find((candidate) => candidate.name === "cluster-tests") ?? initializeApp({ projectId }, "cluster-tests");
  return createFirestoreTicketStore({ firestore: getFirestore(app), shardCount: TICKET_SHARDS });
}
