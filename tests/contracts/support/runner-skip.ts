import { describe, it } from "vitest";

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

/** The contract's suite under `title`, or, where the runner cannot run, one skipped test that prints why. */
export function contractSuite(title: string, options: ContractOptions, suite: () => void): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${title}: skipped, ${options.skip}`);
    describe.skip(`${title} (skipped: ${options.skip})`, () => {
      it("fulfils the contract", () => {});
    });
    return;
  }
  describe(title, suite);
}
