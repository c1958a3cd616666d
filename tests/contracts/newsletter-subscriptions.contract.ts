import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsletterSubscriptionsPort } from "../../core";

/*
 * The newsletter list's contract (core/ports/newsletter-subscriptions.port.ts), through the port
 * only. Every test works on addresses of its own, so a store shared between runs needs no cleaning.
 */

export interface NewsletterSubscriptionsFixture {
  readonly port: NewsletterSubscriptionsPort;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

let made = 0;
const newAddress = () => `Reader.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${++made}@Example.com`;
const T1 = "2030-01-01T10:00:00.000Z";
const T2 = "2030-01-02T10:00:00.000Z";
const T3 = "2030-01-03T10:00:00.000Z";

export function newsletterSubscriptionsContract(name: string, makeFixture: () => Promise<NewsletterSubscriptionsFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the newsletter list's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the newsletter list's contract`, () => {
    let fixture: NewsletterSubscriptionsFixture;
    let port: NewsletterSubscriptionsPort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    it("makes a new address pending, under its lower-cased form", async () => {
      const email = newAddress();
      expect(await port.request(email, "val", T1)).toEqual({
        email: email.toLowerCase(),
        status: "pending",
        locale: "val",
        requestedAt: T1,
        confirmedAt: null,
        unsubscribedAt: null,
      });
      expect(await port.find(email.toUpperCase())).toMatchObject({ email: email.toLowerCase(), status: "pending" });
    });

    it("subscribes a pending address once its link is followed, and keeps it subscribed on a new request", async () => {
      const email = newAddress();
      await port.request(email, "es", T1);
      expect(await port.confirm(email, T2)).toMatchObject({ status: "subscribed", confirmedAt: T2 });
      expect(await port.request(email, "en", T3)).toMatchObject({ status: "subscribed", requestedAt: T1, confirmedAt: T2 });
    });

    it("unsubscribes from any state, and a new request starts over as pending", async () => {
      const email = newAddress();
      await port.request(email, "es", T1);
      await port.confirm(email, T1);
      expect(await port.unsubscribe(email, T2)).toMatchObject({ status: "unsubscribed", unsubscribedAt: T2 });
      expect(await port.confirm(email, T3)).toMatchObject({ status: "unsubscribed" });
      expect(await port.request(email, "en", T3)).toMatchObject({ status: "pending", locale: "en", requestedAt: T3, unsubscribedAt: null });
    });

    it("answers null for an address it never had", async () => {
      const email = newAddress();
      expect(await port.find(email)).toBeNull();
      expect(await port.confirm(email, T1)).toBeNull();
      expect(await port.unsubscribe(email, T1)).toBeNull();
    });
  });
}
