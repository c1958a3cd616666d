import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLUSTER_OPTIONS, linkIn, mailsTo, visitorClient } from "./support/cluster";

// Issue 50: a newsletter link is signed by the instance that took the subscription and followed on
// whichever instance the balancer picks; it must be valid on every one.

describe("a newsletter subscription over three instances", CLUSTER_OPTIONS, () => {
  it("is confirmed on another instance than the one that made its link", async () => {
    const email = `newsletter.${randomUUID()}@example.org`;
    const visitor = visitorClient();
    const subscribed = await visitor.call("/api/forms/newsletter", {
      method: "POST",
      headers: { "Idempotency-Key": randomUUID() },
      body: { email, privacyPolicy: true, marketing: true },
    });
    expect(subscribed.status).toBe(201);
    const [mail] = await mailsTo(email);
    const token = new URL(linkIn(mail!, "/newsletter/confirm")).searchParams.get("token");
    expect(token).toBeTruthy();

    // Round-robin: the next request goes to the next instance.
    const confirmed = await visitor.call("/api/newsletter/confirm", { method: "POST", body: { token } });
    expect(confirmed.servedBy).not.toBe(subscribed.servedBy);
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { outcome: "confirmed" }]);
  });
});
