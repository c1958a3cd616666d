import type { LocaleCode } from "../domain/locale/locale.settings";

/*
 * Payments (issue 10): how a held order is paid for. The embedded default confirms at once without
 * charging anything (and the tickets page says so); production uses Stripe Checkout, where the buyer
 * pays on Stripe's page and Stripe tells the server through a signed webhook.
 */

export interface CheckoutLine {
  /** The ticket type's name in the buyer's language, as the receipt shows it. */
  readonly name: string;
  readonly unitPriceCents: number;
  readonly quantity: number;
}

export interface CheckoutRequest {
  /** The hold being paid for: a payment that completes confirms this hold. */
  readonly holdId: string;
  readonly userId: string;
  readonly eventId: string;
  /** The event's title in the buyer's language. */
  readonly eventTitle: string;
  readonly lines: readonly CheckoutLine[];
  /** ISO 4217, upper case. */
  readonly currency: "EUR";
  readonly buyerEmail: string;
  readonly locale: LocaleCode;
  /** One per checkout: the same key never charges twice (Stripe's Idempotency-Key). */
  readonly idempotencyKey: string;
  /** When the hold ends (ISO 8601): a payment page should not outlive it by much. */
  readonly holdExpiresAt: string;
  /** Absolute URLs the payment page sends the buyer back to. */
  readonly returnUrl: string;
  readonly cancelUrl: string;
}

export type CheckoutOutcome =
  /** Nothing to pay on another page (the embedded default, or a free order): confirm now. */
  | { readonly outcome: "paid"; readonly paymentId: string }
  /** The buyer pays at `url`; the webhook confirms the hold. */
  | { readonly outcome: "redirect"; readonly url: string; readonly paymentId: string };

/** What a verified webhook says happened. */
export type PaymentNotice =
  | {
      readonly kind: "paid";
      readonly holdId: string;
      readonly userId: string;
      readonly paymentId: string;
      /** Where and in which language the order's confirmation goes (the checkout's buyer). */
      readonly buyerEmail: string;
      readonly locale: LocaleCode;
    }
  | { readonly kind: "expired"; readonly holdId: string; readonly userId: string; readonly paymentId: string }
  /** A verified event the site does not act on. */
  | { readonly kind: "ignored" }
  /** The signature is missing, wrong or too old: nothing in the body can be trusted. */
  | { readonly kind: "invalid-signature" };

export interface PaymentPort {
  /** "no-charge" confirms without charging: the page must say so. */
  readonly kind: "no-charge" | "stripe";
  startCheckout(request: CheckoutRequest): Promise<CheckoutOutcome>;
  /** Verifies a webhook's signature over its exact raw body, then reads what it says. */
  readNotice(rawBody: string, signature: string | undefined): Promise<PaymentNotice>;
  /** Gives the money back (e.g. the hold expired before the payment arrived and the tickets are gone). */
  refund(paymentId: string): Promise<void>;
}
