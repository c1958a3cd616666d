import { describe, expect, it } from "vitest";
import { createStripePayments } from "../../../../adapters/stripe/stripe-payment.adapter";

// Against Stripe itself, in test mode, only when a test key is given: Checkout Sessions cost nothing there.
const secretKey = process.env.STRIPE_SECRET_KEY;
const skip = !secretKey?.startsWith("sk_test_") ? "no STRIPE_SECRET_KEY test-mode key (sk_test_…) in the environment, and no network to Stripe here" : undefined;
if (skip) console.warn(`[integration] Stripe Checkout, live: skipped, ${skip}`);

describe.skipIf(skip !== undefined)(`Stripe Checkout, live in test mode${skip ? ` (skipped: ${skip})` : ""}`, () => {
  it("opens a real Checkout Session and refunds nothing unpaid", { timeout: 30_000 }, async () => {
    const payments = createStripePayments({ secretKey: secretKey ?? "", webhookSecret: "whsec_unused" });
    const key = `arena-live-test-${Date.now()}`;
    const checkout = await payments.startCheckout({
      holdId: key,
      userId: "live-test",
      eventId: "live-test",
      eventTitle: "Túria Arena live test",
      lines: [{ name: "General admission", unitPriceCents: 1000, quantity: 1 }],
      currency: "EUR",
      buyerEmail: "live-test@example.org",
      locale: "en",
      idempotencyKey: key,
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      returnUrl: "https://example.org/return",
      cancelUrl: "https://example.org/cancel",
    });
    expect(checkout).toMatchObject({ outcome: "redirect", url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    await payments.refund(checkout.paymentId);
  });
});
