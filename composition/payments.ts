import { createNoChargePayments } from "../adapters/embedded/payments/no-charge-payment.adapter";
import { createStripePayments } from "../adapters/stripe/stripe-payment.adapter";
import type { PaymentPort } from "../core";
import type { AppConfig } from "./config";

/** Stripe Checkout with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; otherwise the embedded no-charge payment, said on screen. */
export function wirePayments(config: AppConfig): PaymentPort {
  return config.tickets.stripe ? createStripePayments(config.tickets.stripe) : createNoChargePayments();
}
