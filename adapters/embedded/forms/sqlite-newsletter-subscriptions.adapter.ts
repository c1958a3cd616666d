import { isLocaleCode, type NewsletterStatus, type NewsletterSubscription, type NewsletterSubscriptionsPort } from "../../../core";
import { instantOf, millisOf as millis } from "../database/instants";
import type { SqliteDatabase } from "../database/open-database";

interface SubscriptionRow {
  readonly email: string;
  readonly status: NewsletterStatus;
  readonly locale: string;
  readonly requestedAt: number;
  readonly confirmedAt: number | null;
  readonly unsubscribedAt: number | null;
}

const RETURNING = `RETURNING email, status, locale, requested_at AS requestedAt, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt`;

/** NewsletterSubscriptionsPort on the embedded database (schema: migration 5); each change is one statement. */
export function createSqliteNewsletterSubscriptions(db: SqliteDatabase): NewsletterSubscriptionsPort {
  const request = db.prepare<{ email: string; locale: string; at: number }, SubscriptionRow>(`
    INSERT INTO newsletter_subscription (email, status, locale, requested_at) VALUES (:email, 'pending', :locale, :at)
    ON CONFLICT (email) DO UPDATE SET
      status = CASE WHEN status = 'subscribed' THEN 'subscribed' ELSE 'pending' END,
      locale = excluded.locale,
      requested_at = CASE WHEN status = 'subscribed' THEN requested_at ELSE excluded.requested_at END,
      unsubscribed_at = CASE WHEN status = 'subscribed' THEN unsubscribed_at ELSE NULL END
    ${RETURNING}`);
  const confirm = db.prepare<{ email: string; at: number }, SubscriptionRow>(`
    UPDATE newsletter_subscription SET status = 'subscribed', confirmed_at = :at WHERE email = :email AND status = 'pending' ${RETURNING}`);
  const unsubscribe = db.prepare<{ email: string; at: number }, SubscriptionRow>(`
    UPDATE newsletter_subscription SET status = 'unsubscribed', unsubscribed_at = :at WHERE email = :email AND status <> 'unsubscribed' ${RETURNING}`);
  const find = db.prepare<[string], SubscriptionRow>(`
    SELECT email, status, locale, requested_at AS requestedAt, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt
    FROM newsletter_subscription WHERE email = ?`);

  const current = (email: string) => {
    const row = find.get(email.toLowerCase());
    return row ? toSubscription(row) : null;
  };

  return {
    async request(email, locale, at) {
      return toSubscription(request.get({ email: email.toLowerCase(), locale, at: millis(at) })!);
    },
    async confirm(email, at) {
      const row = confirm.get({ email: email.toLowerCase(), at: millis(at) });
      return row ? toSubscription(row) : current(email);
    },
    async unsubscribe(email, at) {
      const row = unsubscribe.get({ email: email.toLowerCase(), at: millis(at) });
      return row ? toSubscription(row) : current(email);
    },
    async find(email) {
      return current(email);
    },
  };
}

const iso = (value: number | null) => (value === null ? null : instantOf(value));

function toSubscription(row: SubscriptionRow): NewsletterSubscription {
  if (!isLocaleCode(row.locale)) throw new Error(`A subscription has an unknown locale "${row.locale}"`);
  return {
    email: row.email,
    status: row.status,
    locale: row.locale,
    requestedAt: instantOf(row.requestedAt),
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
  };
}
