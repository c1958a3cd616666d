import Stripe from "stripe";
import { isLocaleCode, type CheckoutRequest, type LocaleCode, type PaymentNotice, type PaymentPort } from "../../core";

export interface StripePaymentsOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Where the API is (tests point it at a local stand-in); Stripe's own by default. */
  readonly api?: { readonly host: string; readonly port: number; readonly protocol: "http" | "https" };
}

// Checkout has no Valencian (nor Catalan): Spanish is what a Valencian reader reads besides.
const CHECKOUT_LOCALES: Readonly<Record<LocaleCode, Stripe.Checkout.SessionCreateParams.Locale>> = { es: "es", en: "en", val: "es" };

/** Stripe's shortest Checkout Session: a payment page never closes sooner than this. */
const MIN_SESSION_MS = 30 * 60_000;

// The request's own way to Stripe: a session asked for at exactly 30 minutes would arrive short of them.
const MIN_SESSION_MARGIN_MS = 60_000;

/**
 * Payments through Stripe Checkout (issue 10): the buyer pays on Stripe's page; Stripe tells the
 * server through a webhook signed with the endpoint's secret. One Checkout Session per checkout
 * key (Stripe's Idempotency-Key), so a repeated request never makes a second charge.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentPort {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  });

  return {
    kind: "stripe",

    async startCheckout(request: CheckoutRequest) {
      const total = request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      // Nothing to charge: Checkout would refuse a zero total anyway.
      if (total === 0) return { outcome: "paid", paymentId: `free:${request.idempotencyKey}` };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: request.lines
            .filter((line) => line.quantity > 0)
            .map((line) => ({
              quantity: line.quantity,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: line.unitPriceCents, product_data: { name: `${request.eventTitle} — ${line.name}` } },
            })),
          customer_email: request.buyerEmail,
          locale: CHECKOUT_LOCALES[request.locale],
          client_reference_id: request.holdId,
          metadata: { holdId: request.holdId, userId: request.userId, eventId: request.eventId, locale: request.locale },
          success_url: withSessionId(request.returnUrl),
          cancel_url: request.cancelUrl,
          // Stripe's page cannot close before 30 minutes; a payment after the hold ran out is refunded.
          expires_at: Math.ceil(Math.max(Date.parse(request.holdExpiresAt), Date.now() + MIN_SESSION_MS + MIN_SESSION_MARGIN_MS) / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
      return { outcome: "redirect", url: session.url, paymentId: session.id };
    },

    async readNotice(rawBody, signature): Promise<PaymentNotice> {
      if (!signature) return { kind: "invalid-signature" };
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch {
        return { kind: "invalid-signature" };
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object;
          // A delayed method (a bank transfer) completes unpaid; its async_payment_succeeded follows.
          if (session.payment_status === "unpaid") return { kind: "ignored" };
          const reference = referenceOf(session);
          const buyerEmail = session.customer_details?.email ?? session.customer_email;
          if (!reference || !buyerEmail) return { kind: "ignored" };
          return { kind: "paid", ...reference, paymentId: session.id, buyerEmail };
        }
        case "checkout.session.expired": {
          const reference = referenceOf(event.data.object);
          return reference ? { kind: "expired", holdId: reference.holdId, userId: reference.userId, paymentId: event.data.object.id } : { kind: "ignored" };
        }
        default:
          return { kind: "ignored" };
      }
    },

    async refund(paymentId) {
      // Free orders and no-charge ids never reached Stripe.
      if (!paymentId.startsWith("cs_")) return;
      const session = await stripe.checkout.sessions.retrieve(paymentId);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) return;
      await stripe.refunds.create({ payment_intent: paymentIntent, reason: "requested_by_customer" }, { idempotencyKey: `refund:${paymentId}` });
    },
  };
}

/** Stripe fills {CHECKOUT_SESSION_ID} in on the way back: the page knows the payment went through. */
function withSessionId(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`;
}

function referenceOf(session: Stripe.Checkout.Session): { holdId: string; userId: string; locale: LocaleCode } | null {
  const { holdId, userId, locale } = session.metadata ?? {};
  if (!holdId || !userId) return null;
  return { holdId, userId, locale: isLocaleCode(locale) ? locale : "es" };
}
