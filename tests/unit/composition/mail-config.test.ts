import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../composition/config";

describe("the mail settings", () => {
  it("default to the delivery loop's lease and a first retry after 30 s", () => {
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: undefined, deliveryLeaseMs: undefined, retryFirstDelayMs: 30_000 });
  });

  it("read MAIL_DELIVERY_LEASE_MS and MAIL_RETRY_FIRST_DELAY_MS", () => {
    expect(loadConfig({ MAIL_DELIVERY_LEASE_MS: "6000", MAIL_RETRY_FIRST_DELAY_MS: "500" }).mail).toMatchObject({ deliveryLeaseMs: 6_000, retryFirstDelayMs: 500 });
  });

  it("refuse a lease under a second and a first retry that is not a positive whole number", () => {
    expect(() => loadConfig({ MAIL_DELIVERY_LEASE_MS: "500" })).toThrowError(ConfigError);
    for (const value of ["0", "-1", "1.5", "soon"]) expect(() => loadConfig({ MAIL_RETRY_FIRST_DELAY_MS: value })).toThrowError(ConfigError);
  });
});
