import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { createFirebaseStaffAccess } from "../adapters/firebase/firebase-staff-access.adapter";
import { createFirestoreCheckIns } from "../adapters/firebase/firestore-check-ins.adapter";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import type { CheckInsPort, StaffAccessPort } from "../core";

/** The Firebase side of door check-ins, in a module of its own: firebase-admin loads only when configured. */
export function firebaseCheckIns(projectId: string): { checkIns: CheckInsPort; staff: StaffAccessPort } {
  const app = firebaseAdminApp({ projectId });
  return { checkIns: createFirestoreCheckIns({ firestore: getFirestore(app) }), staff: createFirebaseStaffAccess({ auth: getAuth(app) }) };
}
