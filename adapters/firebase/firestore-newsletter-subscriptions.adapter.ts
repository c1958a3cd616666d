import { createHash } from "node:crypto";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { isLocaleCode, type NewsletterStatus, type NewsletterSubscription, type NewsletterSubscriptionsPort } from "../../core";
import { instantOfTimestamp, timestampOfInstant } from "./firestore-values";

export const NEWSLETTER_COLLECTION = "newsletterSubscriptions";

export interface FirestoreNewsletterSubscriptionsOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
}

interface StoredSubscription {
  readonly email: string;
  readonly status: NewsletterStatus;
  readonly locale: string;
  readonly requestedAt: unknown;
  readonly confirmedAt: unknown;
  readonly unsubscribedAt: unknown;
}

/**
 * NewsletterSubscriptionsPort on Firestore: one document per address (its id a digest of the
 * lower-cased address, so ids never carry an address), each change a transaction.
 */
export function createFirestoreNewsletterSubscriptions({ firestore, collection = NEWSLETTER_COLLECTION }: FirestoreNewsletterSubscriptionsOptions): NewsletterSubscriptionsPort {
  const ref = (email: string) => firestore.collection(collection).doc(createHash("sha256").update(email.toLowerCase()).digest("base64url")) as DocumentReference;

  async function change(email: string, next: (current: StoredSubscription | undefined) => StoredSubscription | undefined): Promise<NewsletterSubscription | null> {
    return firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref(email));
      const current = snapshot.exists ? (snapshot.data() as StoredSubscription) : undefined;
      const updated = next(current);
      if (updated && updated !== current) transaction.set(ref(email), updated);
      const result = updated ?? current;
      return result ? subscriptionOf(result) : null;
    });
  }

  return {
    request: async (email, locale, at) =>
      (await change(email, (current) =>
        current?.status === "subscribed"
          ? { ...current, locale }
          : { email: email.toLowerCase(), status: "pending", locale, requestedAt: timestampOfInstant(at), confirmedAt: current?.confirmedAt ?? null, unsubscribedAt: null },
      ))!,
    confirm: (email, at) => change(email, (current) => (current?.status === "pending" ? { ...current, status: "subscribed", confirmedAt: timestampOfInstant(at) } : current)),
    unsubscribe: (email, at) =>
      change(email, (current) => (current && current.status !== "unsubscribed" ? { ...current, status: "unsubscribed", unsubscribedAt: timestampOfInstant(at) } : current)),
    async find(email) {
      const snapshot = await ref(email).get();
      return snapshot.exists ? subscriptionOf(snapshot.data() as StoredSubscription) : null;
    },
  };
}

const instantOrNull = (value: unknown) => (value === null || value === undefined ? null : instantOfTimestamp(value));

function subscriptionOf(stored: StoredSubscription): NewsletterSubscription {
  if (!isLocaleCode(stored.locale)) throw new Error(`A subscription has an unknown locale "${stored.locale}"`);
  return {
    email: stored.email,
    status: stored.status,
    locale: stored.locale,
    requestedAt: instantOfTimestamp(stored.requestedAt),
    confirmedAt: instantOrNull(stored.confirmedAt),
    unsubscribedAt: instantOrNull(stored.unsubscribedAt),
  };
}
