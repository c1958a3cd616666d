import { describe, expect, it } from "vitest";
import { BLOCK_LOADS_AT_ONCE } from "../../../../ui/blocks/block-components";
import { loadQueue } from "../../../../ui/blocks/load-queue";

describe("the block load queue", () => {
  it("never has more than 4 of 10 block loads in flight, and ends them all in order", async () => {
    expect(BLOCK_LOADS_AT_ONCE).toBe(4);
    const queued = loadQueue(BLOCK_LOADS_AT_ONCE);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const loads = Array.from({ length: 10 }, (_, index) =>
      queued(async () => {
        started.push(index);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => finish.push(resolve));
        inFlight--;
        return index;
      }),
    );
    // Let the loads that may start start, then end the oldest one at a time.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    while (finish.length > 0) {
      finish.shift()!();
      await settle();
      expect(inFlight).toBeLessThanOrEqual(4);
    }
    await expect(Promise.all(loads)).resolves.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(4);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("goes on after a load that fails", async () => {
    const queued = loadQueue(1);
    await expect(queued(() => Promise.reject(new Error("chunk failed")))).rejects.toThrow("chunk failed");
    await expect(queued(() => Promise.resolve("next"))).resolves.toBe("next");
  });
});
