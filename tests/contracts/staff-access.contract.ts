import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffAccessPort } from "../../core";

export interface StaffAccessFixture {
  readonly port: StaffAccessPort;
  /** An account of the identity provider with this address (not staff); its uid. */
  makeAccount(email: string): Promise<string>;
  close(): Promise<void>;
}

/** What every StaffAccessPort adapter does (issue 54); `skip` says why a runner cannot run here. */
export function staffAccessContract(name: string, makeFixture: () => Promise<StaffAccessFixture>, options: { readonly skip?: string } = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the staff access contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the staff access contract`, () => {
    let fixture: StaffAccessFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    it("knows an account as a visitor until it is granted, then for the events granted", async () => {
      const email = address("puerta");
      const uid = await fixture.makeAccount(email);
      expect(await fixture.port.eventsOf(uid)).toBeNull();
      expect(await fixture.port.grant(email, ["event-1", "event-2"])).toBe(true);
      expect(await fixture.port.eventsOf(uid)).toEqual(["event-1", "event-2"]);
      // A new grant replaces the last, in any case of the address.
      expect(await fixture.port.grant(email.toUpperCase(), "all")).toBe(true);
      expect(await fixture.port.eventsOf(uid)).toBe("all");
    });

    it("grants nothing to an address no account has, and knows no stranger", async () => {
      expect(await fixture.port.grant(address("nobody"), "all")).toBe(false);
      expect(await fixture.port.eventsOf("no-such-uid")).toBeNull();
    });
  });
}
