import { createStripePayments } from "../../adapters/stripe/stripe-payment.adapter";
import { paymentContract } from "./payment.contract";
import { startStripeApiStandIn } from "./support/stripe-api-stand-in";

// Stripe's API itself needs a key and the network (see the live test in tests/unit/adapters/stripe/):
// here a loopback stand-in answers as Stripe does, replaying a repeated idempotency key.
paymentContract("Stripe Checkout payments (a stand-in for Stripe's API)", async () => {
  const standIn = await startStripeApiStandIn();
  return { port: createStripePayments({ secretKey: "sk_test_contract", webhookSecret: "whsec_contract", api: standIn.api }), close: standIn.close };
});
