import { getFirestore } from "firebase-admin/firestore";
import { firebaseAdminApp } from "../adapters/firebase/firebase-admin-app";
import { createFirestoreFormInbox } from "../adapters/firebase/firestore-form-inbox.adapter";
import { createFirestoreNewsletterSubscriptions } from "../adapters/firebase/firestore-newsletter-subscriptions.adapter";
import { createStorageFiles } from "../adapters/firebase/storage-files.adapter";
import type { FilesPort, FormInboxPort, NewsletterSubscriptionsPort } from "../core";

export interface FirebaseForms {
  readonly inbox: FormInboxPort;
  readonly newsletter: NewsletterSubscriptionsPort;
  readonly files: FilesPort;
}

/** The Firebase side of the lead forms, in a module of its own: firebase-admin loads only when configured. */
export function firebaseForms(projectId: string, bucket: string | undefined): FirebaseForms {
  const app = firebaseAdminApp({ projectId });
  const firestore = getFirestore(app);
  return {
    inbox: createFirestoreFormInbox({ firestore }),
    newsletter: createFirestoreNewsletterSubscriptions({ firestore }),
    files: createStorageFiles({ app, bucket }),
  };
}
