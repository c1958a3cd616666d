import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import type { SpentTokensPort } from "../../core";
import { firebaseAdminApp } from "./firebase-admin-app";

export const SPENT_TOKENS_COLLECTION = "spentTokens";
/** gRPC's ALREADY_EXISTS: what `create` rejects with for a document that is there. */
const ALREADY_EXISTS = 6;

export interface FirestoreSpentTokensOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

/**
 * SpentTokensPort on Firestore, for every instance together: a document per digest, created once
 * (a second create fails on the server, whichever instance makes it). `expiresAt` is the field for
 * a TTL policy on the collection, which deletes spent tokens once they could no longer be used.
 */
export function createFirestoreSpentTokens({ firestore, collection = SPENT_TOKENS_COLLECTION }: FirestoreSpentTokensOptions): SpentTokensPort {
  return {
    async spend(digest, expiresAt) {
      try {
        await firestore.collection(collection).doc(digest).create({ expiresAt: Timestamp.fromMillis(expiresAt) });
        return true;
      } catch (error) {
        if (typeof error === "object" && error !== null && "code" in error && error.code === ALREADY_EXISTS) return false;
        throw error;
      }
    },
  };
}

export function createFirestoreSpentTokensForProject(projectId: string): SpentTokensPort {
  return createFirestoreSpentTokens({ firestore: getFirestore(firebaseAdminApp({ projectId })) });
}
