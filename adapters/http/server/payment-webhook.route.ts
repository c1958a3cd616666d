import { Hono } from "hono";
import { ticketsApi, type Logger, type PaymentNotice, type PaymentPort } from "../../../core";
import { apiError } from "./api-error";
import { serveEndpoint } from "./api-endpoint";

export interface PaymentWebhookRouteOptions {
  readonly payments: PaymentPort;
  /** Acts on what the payment provider says (confirms or releases the hold); persists before it resolves. */
  readonly onNotice: (notice: PaymentNotice) => Promise<void>;
  readonly logger: Logger;
}

/**
 * The payment provider's webhook (issue 10), at `ticketsApi.paymentWebhook`: the exact raw body and its
 * signature header go to the payment port. 401 for a signature that does not hold (nothing is
 * done; the provider's dashboard shows the failure); 200 once the notice has been acted on; 503 with Retry-After when
 * that failed, so that the provider sends it again — acting on a notice twice is safe.
 * No origin check: the caller is the provider's server, and the signature is the proof.
 */
export function paymentWebhookRoute(options: PaymentWebhookRouteOptions): Hono {
  const app = new Hono();
  serveEndpoint(app, ticketsApi.paymentWebhook.path, ticketsApi.paymentWebhook, async (c, { answer }) => {
    const body = await c.req.text();
    const notice = await options.payments.readNotice(body, c.req.header("Stripe-Signature"));
    if (notice.kind === "invalid-signature") return apiError(c, "invalid-signature");
    try {
      await options.onNotice(notice);
    } catch (error) {
      options.logger.error("payments.notice-failed", { kind: notice.kind, error: error instanceof Error ? error.message : String(error) });
      return apiError(c, "busy", { retryAfterSeconds: 10 });
    }
    return answer({ received: true }, 200, { "Cache-Control": "no-store" });
  });
  return app;
}
