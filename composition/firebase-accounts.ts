import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirebaseActionCodesForProject } from "../adapters/firebase/firebase-action-codes.adapter";
import { createFirebaseSessionsForProject } from "../adapters/firebase/firebase-session.adapter";
import { createFirestoreMailOutboxStore } from "../adapters/firebase/firestore-mail-outbox.adapter";
import { createFirestoreSpentTokensForProject } from "../adapters/firebase/firestore-spent-tokens.adapter";
import { createFirestoreUserProfilesForProject } from "../adapters/firebase/firestore-user-profile.adapter";
import type { MailOutboxStore } from "../adapters/mail/mail-outbox-store";
import type { AccountActionCodesPort, DeletedAccountVerifier, IdTokenVerifier, SessionIssuer, SessionRevoker, SessionVerifier, SpentTokensPort, UserProfilePort } from "../core";

export interface FirebaseAccounts {
  readonly idTokens: IdTokenVerifier;
  readonly sessions: SessionVerifier & SessionIssuer;
  readonly revoker: SessionRevoker;
  readonly deletedAccounts: DeletedAccountVerifier;
  readonly userProfiles: UserProfilePort;
  readonly spentTokens: SpentTokensPort;
  /** Every instance's mail, which any instance's delivery loop may send. */
  readonly mailOutbox: MailOutboxStore;
  readonly actionCodes: AccountActionCodesPort;
}

/** The Firebase side of accounts, in a module of its own: firebase-admin loads only when configured. */
export function firebaseAccounts(projectId: string): FirebaseAccounts {
  const { idTokens, sessions, revoker, deletedAccounts } = createFirebaseSessionsForProject(projectId);
  return {
    idTokens,
    sessions,
    revoker,
    deletedAccounts,
    userProfiles: createFirestoreUserProfilesForProject(projectId),
    spentTokens: createFirestoreSpentTokensForProject(projectId),
    mailOutbox: createFirestoreMailOutboxStore({ firestore: getFirestore(firebaseAdminApp({ projectId })) }),
    actionCodes: createFirebaseActionCodesForProject(projectId),
  };
}
