import type { PaymentPort } from "../../../core";

/**
 * The embedded default: every checkout is "paid" at once and nothing is charged (the tickets page
 * says so). The payment id derives from the checkout's key, so a repeated checkout is the same one.
 * It has no webhooks, so no notice is ever trusted, and a refund has nothing to give back.
 */
export function createNoChargePayments(): PaymentPort {
  return {
    kind: "no-charge",
    startCheckout: async (request) => ({ outcome: "paid", paymentId: `no-charge:${request.idempotencyKey}` }),
    readNotice: async () => ({ kind: "invalid-signature" }),
    refund: async () => {},
  };
}
