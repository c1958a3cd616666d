import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentWebhookRoute } from "../../../../../adapters/http/server/payment-webhook.route";
import { createNoChargePayments } from "../../../../../adapters/embedded/payments/no-charge-payment.adapter";
import { createStripePayments } from "../../../../../adapters/stripe/stripe-payment.adapter";
import type { Logger, PaymentNotice } from "../../../../../core";

const SECRET = "whsec_route_test";
const stripe = createStripePayments({ secretKey: "sk_test_unused", webhookSecret: SECRET });
const logged: string[] = [];
const logger: Logger = { info: () => {}, warn: () => {}, error: (event) => void logged.push(event) };

const PAID = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: "cs_test_1", object: "checkout.session", payment_status: "paid", customer_details: { email: "ana@example.com" }, metadata: { holdId: "hold-1", userId: "user-1", locale: "en" } } },
});
const signature = (payload: string) => new Stripe("sk_test_unused").webhooks.generateTestHeaderString({ payload, secret: SECRET });
const post = (app: ReturnType<typeof paymentWebhookRoute>, body: string, signed?: string) =>
  app.request("/", { method: "POST", body, headers: { "Content-Type": "application/json", ...(signed ? { "Stripe-Signature": signed } : {}) } });

describe("POST /api/payments/webhook", () => {
  it("acts on a signed notice before answering 200", async () => {
    const notices: PaymentNotice[] = [];
    const app = paymentWebhookRoute({ payments: stripe, onNotice: async (notice) => void notices.push(notice), logger });
    const response = await post(app, PAID, signature(PAID));
    expect(response.status).toBe(200);
    expect(notices).toEqual([{ kind: "paid", holdId: "hold-1", userId: "user-1", paymentId: "cs_test_1", buyerEmail: "ana@example.com", locale: "en" }]);
  });

  it("does nothing with an unsigned or tampered notice (401), nor with any notice when payments take no money", async () => {
    const notices: PaymentNotice[] = [];
    const app = paymentWebhookRoute({ payments: stripe, onNotice: async (notice) => void notices.push(notice), logger });
    const unsigned = await post(app, PAID);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: { code: "invalid-signature", message: "feedback.error.generic" } });
    expect((await post(app, PAID.replace("user-1", "user-2"), signature(PAID))).status).toBe(401);
    const noCharge = paymentWebhookRoute({ payments: createNoChargePayments(), onNotice: async (notice) => void notices.push(notice), logger });
    expect((await post(noCharge, PAID, signature(PAID))).status).toBe(401);
    expect(notices).toEqual([]);
  });

  it("asks the provider to send it again (503, Retry-After) when acting on it failed", async () => {
    const app = paymentWebhookRoute({ payments: stripe, onNotice: async () => Promise.reject(new Error("disk full")), logger });
    const response = await post(app, PAID, signature(PAID));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("10");
    expect(logged).toContain("payments.notice-failed");
  });
});
