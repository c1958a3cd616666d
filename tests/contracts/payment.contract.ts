import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutRequest, PaymentPort } from "../../core";

/*
 * The payment port's contract (core/ports/payment.port.ts), through the port only, where the
 * embedded no-charge payment and Stripe Checkout must agree: one payment per checkout key, free
 * orders confirmed at once, no notice trusted without a valid signature. What each does beyond
 * that (charging, webhooks, refunds) is in its own adapter's tests.
 */

export interface PaymentFixture {
  readonly port: PaymentPort;
  close(): Promise<void>;
}

const CHECKOUT: CheckoutRequest = {
  holdId: "hold-contract",
  userId: "user-contract",
  eventId: "event-contract",
  eventTitle: "Nit de Falles",
  lines: [{ name: "Pista", unitPriceCents: 2500, quantity: 2 }],
  currency: "EUR",
  buyerEmail: "ana@example.com",
  locale: "val",
  idempotencyKey: "checkout:hold-contract",
  holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  returnUrl: "https://arena.test/val/event/nit-de-falles/tickets/",
  cancelUrl: "https://arena.test/val/event/nit-de-falles/tickets/",
};

const FREE: CheckoutRequest = { ...CHECKOUT, holdId: "hold-free", idempotencyKey: "checkout:hold-free", lines: [{ name: "Invitació", unitPriceCents: 0, quantity: 2 }] };

// What a paid checkout's notice says; only its signature decides whether it is believed.
const PAID_NOTICE = JSON.stringify({
  id: "evt_contract",
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: "cs_contract", object: "checkout.session", payment_status: "paid", metadata: { holdId: "hold-contract", userId: "user-contract" } } },
});

export function paymentContract(name: string, makeFixture: () => Promise<PaymentFixture>): void {
  describe(`${name} fulfils the payment port's contract`, () => {
    let fixture: PaymentFixture;
    let port: PaymentPort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    it("answers the same payment for the same checkout key, and another for another key", async () => {
      const first = await port.startCheckout(CHECKOUT);
      expect(first.paymentId).not.toBe("");
      if (first.outcome === "redirect") expect(new URL(first.url).protocol).toBe("https:");
      expect(await port.startCheckout(CHECKOUT)).toEqual(first);
      const other = await port.startCheckout({ ...CHECKOUT, holdId: "hold-other", idempotencyKey: "checkout:hold-other" });
      expect(other.paymentId).not.toBe(first.paymentId);
    });

    it("confirms a free order at once, and refunding it gives nothing back", async () => {
      const free = await port.startCheckout(FREE);
      expect(free).toEqual({ outcome: "paid", paymentId: expect.stringMatching(/.+/) });
      expect(await port.startCheckout(FREE)).toEqual(free);
      await expect(port.refund(free.paymentId)).resolves.toBeUndefined();
    });

    it("trusts no notice that is unsigned or signed by someone else", async () => {
      expect(await port.readNotice(PAID_NOTICE, undefined)).toEqual({ kind: "invalid-signature" });
      expect(await port.readNotice(PAID_NOTICE, "")).toEqual({ kind: "invalid-signature" });
      const forged = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
      expect(await port.readNotice(PAID_NOTICE, forged)).toEqual({ kind: "invalid-signature" });
    });
  });
}
