import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpentTokensPort } from "../../core";

export interface SpentTokensFixture {
  readonly port: SpentTokensPort;
  close(): Promise<void>;
}

/** What every SpentTokensPort adapter does; `skip` says why a runner cannot run here. */
export function spentTokensContract(name: string, makeFixture: () => Promise<SpentTokensFixture>, options: { readonly skip?: string } = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the spent tokens contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the spent tokens contract`, () => {
    let fixture: SpentTokensFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    const digest = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;
    const inAnHour = () => Date.now() + 60 * 60_000;

    it("spends a token once: the first time true, then false", async () => {
      const token = digest("id-token");
      expect(await fixture.port.spend(token, inAnHour())).toBe(true);
      expect(await fixture.port.spend(token, inAnHour())).toBe(false);
      expect(await fixture.port.spend(digest("another"), inAnHour())).toBe(true);
    });

    it("lets exactly one of many spends of one token at once through", async () => {
      const token = digest("raced");
      const spends = await Promise.all(Array.from({ length: 10 }, () => fixture.port.spend(token, inAnHour())));
      expect(spends.filter(Boolean)).toHaveLength(1);
    });
  });
}
