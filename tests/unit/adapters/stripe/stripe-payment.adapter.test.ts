import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripePayments } from "../../../../adapters/stripe/stripe-payment.adapter";
import type { CheckoutRequest } from "../../../../core";
import { startStripeApiStandIn, type StripeApiStandIn } from "../../../contracts/support/stripe-api-stand-in";

const WEBHOOK_SECRET = "whsec_test_secret";
const signer = new Stripe("sk_test_signing_only");

const CHECKOUT: CheckoutRequest = {
  holdId: "hold-1",
  userId: "user-1",
  eventId: "story-uuid-1",
  eventTitle: "Lúa Serrano",
  lines: [
    { name: "Pista", unitPriceCents: 3500, quantity: 2 },
    { name: "VIP", unitPriceCents: 12000, quantity: 1 },
  ],
  currency: "EUR",
  buyerEmail: "ana@example.com",
  locale: "val",
  idempotencyKey: "checkout:hold-1",
  holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  returnUrl: "https://arena.test/val/event/lua-serrano/tickets/",
  cancelUrl: "https://arena.test/val/event/lua-serrano/tickets/",
};

describe("Stripe Checkout payments", () => {
  let standIn: StripeApiStandIn;
  let payments: ReturnType<typeof createStripePayments>;
  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    payments = createStripePayments({ secretKey: "sk_test_standin", webhookSecret: WEBHOOK_SECRET, api: standIn.api });
  });
  afterAll(() => standIn.close());

  it("opens a Checkout Session for the hold, under the checkout's idempotency key, and sends the buyer to it", async () => {
    const before = Date.now();
    expect(await payments.startCheckout(CHECKOUT)).toEqual({ outcome: "redirect", url: "https://checkout.stripe.com/c/pay/cs_test_1", paymentId: "cs_test_1" });
    const sent = standIn.requests.at(-1)!;
    expect(sent.idempotencyKey).toBe("checkout:hold-1");
    const form = Object.fromEntries(sent.form);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "3500",
      "line_items[0][price_data][product_data][name]": "Lúa Serrano — Pista",
      "line_items[1][price_data][unit_amount]": "12000",
      customer_email: "ana@example.com",
      locale: "es",
      client_reference_id: "hold-1",
      "metadata[holdId]": "hold-1",
      "metadata[userId]": "user-1",
      "metadata[eventId]": "story-uuid-1",
      "metadata[locale]": "val",
      success_url: "https://arena.test/val/event/lua-serrano/tickets/?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://arena.test/val/event/lua-serrano/tickets/",
    });
    // Stripe refuses a session shorter than 30 minutes.
    expect(Number(form.expires_at) * 1000).toBeGreaterThanOrEqual(before + 30 * 60_000);
  });

  it("brings the buyer back with the session's id added to the return URL's own query", async () => {
    await payments.startCheckout({ ...CHECKOUT, idempotencyKey: "checkout:hold-2", returnUrl: "https://arena.test/en/event/lua-serrano/tickets/?step=pay" });
    expect(standIn.requests.at(-1)!.form.get("success_url")).toBe("https://arena.test/en/event/lua-serrano/tickets/?step=pay&session_id={CHECKOUT_SESSION_ID}");
  });

  it("charges nothing and asks Stripe nothing for a free order", async () => {
    const count = standIn.requests.length;
    expect(await payments.startCheckout({ ...CHECKOUT, lines: [{ name: "Invitación", unitPriceCents: 0, quantity: 2 }] })).toEqual({ outcome: "paid", paymentId: "free:checkout:hold-1" });
    expect(standIn.requests).toHaveLength(count);
  });

  it("refunds a session's payment once, by its payment intent, and nothing that never reached Stripe", async () => {
    await payments.refund("cs_test_1");
    expect(standIn.requests.at(-2)).toMatchObject({ method: "GET", path: expect.stringMatching(/^\/v1\/checkout\/sessions\/cs_test_1(\?|$)/) });
    const refund = standIn.requests.at(-1)!;
    expect(refund.path).toBe("/v1/refunds");
    expect(refund.form.get("payment_intent")).toBe("pi_test_1");
    expect(refund.idempotencyKey).toBe("refund:cs_test_1");
    const count = standIn.requests.length;
    await payments.refund("free:checkout:hold-1");
    expect(standIn.requests).toHaveLength(count);
  });

  describe("webhooks", () => {
    const session = (fields: Record<string, unknown>) => ({
      id: "cs_test_1",
      object: "checkout.session",
      payment_status: "paid",
      customer_details: { email: "ana@example.com" },
      metadata: { holdId: "hold-1", userId: "user-1", eventId: "story-uuid-1", locale: "val" },
      ...fields,
    });
    const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: "evt_1", object: "event", type, data: { object } });
    const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
      signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

    it("reads a paid Checkout Session signed with the endpoint's secret", async () => {
      const payload = event("checkout.session.completed", session({}));
      expect(await payments.readNotice(payload, signed(payload))).toEqual({ kind: "paid", holdId: "hold-1", userId: "user-1", paymentId: "cs_test_1", buyerEmail: "ana@example.com", locale: "val" });
      const later = event("checkout.session.async_payment_succeeded", session({}));
      expect((await payments.readNotice(later, signed(later))).kind).toBe("paid");
    });

    it("reads an expired payment page, waits for a delayed payment method, and ignores other events", async () => {
      const expired = event("checkout.session.expired", session({ payment_status: "unpaid" }));
      expect(await payments.readNotice(expired, signed(expired))).toEqual({ kind: "expired", holdId: "hold-1", userId: "user-1", paymentId: "cs_test_1" });
      const pending = event("checkout.session.completed", session({ payment_status: "unpaid" }));
      expect(await payments.readNotice(pending, signed(pending))).toEqual({ kind: "ignored" });
      const other = event("customer.created", { id: "cus_1", object: "customer" });
      expect(await payments.readNotice(other, signed(other))).toEqual({ kind: "ignored" });
    });

    it("trusts nothing with a missing, wrong or stale signature, or a body changed after signing", async () => {
      const payload = event("checkout.session.completed", session({}));
      expect(await payments.readNotice(payload, undefined)).toEqual({ kind: "invalid-signature" });
      expect(await payments.readNotice(payload, signed(payload, { secret: "whsec_someone_else" }))).toEqual({ kind: "invalid-signature" });
      expect(await payments.readNotice(payload, signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).toEqual({ kind: "invalid-signature" });
      expect(await payments.readNotice(payload.replace("hold-1", "hold-2"), signed(payload))).toEqual({ kind: "invalid-signature" });
    });
  });
});
