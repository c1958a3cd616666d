import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { CLUSTER_OPTIONS, eventOf, onEveryInstance, visitorClient } from "./support/cluster";
import { signedInBuyer } from "./support/firebase-visitor";

// Issue 50: a ticket signed by one instance is genuine on every other, and every instance hands out
// the same public key: the signing key is the cluster's, not each instance's.

describe("a ticket over three instances", CLUSTER_OPTIONS, () => {
  it("is genuine on every instance, whichever signed it, and every instance publishes the same key", async () => {
    const buyer = await signedInBuyer(`ticket.${randomUUID()}@example.org`);
    const type = eventOf("circ-de-les-estrelles").types[0]!;
    const hold = await buyer.call("/api/tickets/events/circ-de-les-estrelles/holds", {
      method: "POST",
      headers: { "Idempotency-Key": randomUUID() },
      body: { lines: [{ ticketTypeId: type._uid, quantity: 1 }] },
    });
    expect(hold.status).toBe(201);
    const { holdId } = (await hold.json()) as { holdId: string };
    expect((await buyer.call(`/api/tickets/holds/${holdId}/payment`, { method: "POST" })).status).toBe(201);

    // Each instance signs the ticket on its own dashboard; every instance checks every signature.
    const dashboards = await onEveryInstance(() => buyer.call("/en/dashboard/"));
    const signedBy = new Map<string, string>();
    for (const [name, page] of dashboards) {
      // In the page's data, as its QR code's address (JSON: slashes escaped).
      const token = /tickets\\?\/check\\?\/\?t=(TA[12][^"&\s<\\]+)/.exec(await page.text())?.[1];
      expect(token, `${name}'s dashboard shows the ticket's check link`).toBeDefined();
      signedBy.set(name, decodeURIComponent(token!));
    }
    const passer = visitorClient();
    for (const [signer, token] of signedBy) {
      const checks = await onEveryInstance(() => passer.call(`/en/tickets/check/?t=${encodeURIComponent(token)}`));
      for (const [checker, page] of checks) {
        expect([signer, checker, page.status]).toEqual([signer, checker, 200]);
        expect(await page.text(), `signed by ${signer}, checked by ${checker}`).toContain(en.ticketCheck.valid.title);
      }
    }

    const keys = await onEveryInstance(() => passer.call("/api/tickets/signing-key"));
    expect(new Set(await Promise.all([...keys.values()].map((answer) => answer.text()))).size).toBe(1);
  });
});
