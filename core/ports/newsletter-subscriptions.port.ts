import type { LocaleCode } from "../domain/locale/locale.settings";

/** Double opt-in: an address is subscribed only once a link mailed to it is followed. */
export type NewsletterStatus = "pending" | "subscribed" | "unsubscribed";

export interface NewsletterSubscription {
  /** Lower-cased: one subscription per address, however it was typed. */
  readonly email: string;
  readonly status: NewsletterStatus;
  /** The language of the newsletter and of the mails about the subscription. */
  readonly locale: LocaleCode;
  /** ISO 8601 instants. */
  readonly requestedAt: string;
  readonly confirmedAt: string | null;
  readonly unsubscribedAt: string | null;
}

/** The newsletter's list of addresses. Every change resolves once it is durable. */
export interface NewsletterSubscriptionsPort {
  /**
   * A request to subscribe: an unknown or unsubscribed address becomes pending; a pending one stays
   * pending (its language updated); a subscribed one stays subscribed. Answers the subscription as it now stands.
   */
  request(email: string, locale: LocaleCode, at: string): Promise<NewsletterSubscription>;
  /** The mailed link was followed: pending → subscribed. Null for an address never requested. */
  confirm(email: string, at: string): Promise<NewsletterSubscription | null>;
  /** Any state → unsubscribed. Null for an address never requested. */
  unsubscribe(email: string, at: string): Promise<NewsletterSubscription | null>;
  find(email: string): Promise<NewsletterSubscription | null>;
}
