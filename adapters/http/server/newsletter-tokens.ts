import { createHmac, timingSafeEqual } from "node:crypto";

/** What a newsletter link may do: confirm a pending subscription, or end one. */
export type NewsletterTokenPurpose = "confirm" | "unsubscribe";

export interface NewsletterTokens {
  sign(purpose: NewsletterTokenPurpose, email: string): string;
  /** The address a genuine, unexpired token of `purpose` was signed for; undefined otherwise. */
  verify(purpose: NewsletterTokenPurpose, token: string): string | undefined;
}

export const NEWSLETTER_TOKEN_LIFETIME_MS = {
  /** A confirmation link older than a week is refused: the visitor asks again. */
  confirm: 7 * 24 * 60 * 60_000,
  /** An unsubscribe link works for as long as the mails it came in are read. */
  unsubscribe: Number.POSITIVE_INFINITY,
} as const satisfies Record<NewsletterTokenPurpose, number>;

/**
 * Signed newsletter links: `payload.signature`, the payload the purpose, the lower-cased address
 * and the signing time, in base64url, the signature an HMAC-SHA256 of it with the server's secret.
 * No table of tokens: a link proves itself.
 */
export function createNewsletterTokens(secret: string, now: () => number = Date.now): NewsletterTokens {
  const signatureOf = (payload: string) => createHmac("sha256", `newsletter\n${secret}`).update(payload).digest("base64url");
  return {
    sign(purpose, email) {
      const payload = Buffer.from(JSON.stringify({ p: purpose, e: email.toLowerCase(), t: now() })).toString("base64url");
      return `${payload}.${signatureOf(payload)}`;
    },
    verify(purpose, token) {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined || token.length > 2048) return undefined;
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return undefined;
      }
      if (typeof claims !== "object" || claims === null) return undefined;
      const { p, e, t } = claims as { p?: unknown; e?: unknown; t?: unknown };
      if (p !== purpose || typeof e !== "string" || typeof t !== "number") return undefined;
      if (now() - t > NEWSLETTER_TOKEN_LIFETIME_MS[purpose] || t > now() + 60_000) return undefined;
      return e;
    },
  };
}
