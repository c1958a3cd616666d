import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../composition/config";
import { wirePayments } from "../../../composition/payments";

describe("the ticket sales settings", () => {
  it("default to the embedded no-charge payment, a key made in DATA_DIR, 500 Firestore shards, a 10 + 5 minute hold, and 10 holds a minute per account, 30 per address", () => {
    const config = loadConfig({});
    expect(config.tickets).toEqual({
      stripe: undefined,
      signingKey: undefined,
      verifyKeys: [],
      firestoreShards: 500,
      holdMs: 600_000,
      holdExtensionMs: 300_000,
      holdsPerMinute: { perAccount: 10, perAddress: 30 },
    });
    expect(wirePayments(config).kind).toBe("no-charge");
  });

  it("use Stripe Checkout with both of its keys, and refuse one without the other", () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(config.tickets.stripe).toEqual({ secretKey: "sk_test_x", webhookSecret: "whsec_x" });
    expect(wirePayments(config).kind).toBe("stripe");
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrowError(ConfigError);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrowError(ConfigError);
  });

  it("read the hold's length, the shard count and the hold rate limits, whole and positive", () => {
    expect(loadConfig({ TICKET_HOLD_MS: "480000", TICKETS_FIRESTORE_SHARDS: "100", TICKET_HOLD_RATE_LIMIT: "20", TICKET_HOLD_ADDRESS_RATE_LIMIT: "500" }).tickets).toMatchObject({
      holdMs: 480_000,
      firestoreShards: 100,
      holdsPerMinute: { perAccount: 20, perAddress: 500 },
    });
    for (const value of ["0", "-5", "1.5", "ten"]) {
      for (const name of ["TICKET_HOLD_MS", "TICKETS_FIRESTORE_SHARDS", "TICKET_HOLD_RATE_LIMIT", "TICKET_HOLD_ADDRESS_RATE_LIMIT"]) {
        expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrowError(ConfigError);
      }
    }
  });
});
