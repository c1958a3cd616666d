import { createNoChargePayments } from "../../adapters/embedded/payments/no-charge-payment.adapter";
import { paymentContract } from "./payment.contract";

paymentContract("The embedded no-charge payment", async () => ({ port: createNoChargePayments(), close: async () => {} }));
