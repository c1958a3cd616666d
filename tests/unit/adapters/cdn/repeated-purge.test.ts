import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatedPurge } from "../../../../adapters/cdn/repeated-purge";
import type { Logger, SharedCachePort } from "../../../../core";

let purged: (readonly string[])[];
let errors: { event: string; fields?: Record<string, unknown> }[];
const logger: Logger = { info: () => {}, warn: () => {}, error: (event, fields) => errors.push({ event, fields }) };

beforeEach(() => {
  vi.useFakeTimers();
  purged = [];
  errors = [];
});
afterEach(() => vi.useRealTimers());

describe("repeated purge", () => {
  it("purges at once and again once every instance has seen the publish", async () => {
    const cache: SharedCachePort = { purge: async (keys) => void purged.push(keys) };
    repeatedPurge(cache, { againAfterMs: 6000, logger })(["story:home"]);
    expect(purged).toEqual([["story:home"]]);
    await vi.advanceTimersByTimeAsync(5999);
    expect(purged).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(purged).toEqual([["story:home"], ["story:home"]]);
  });

  it("logs a purge that fails, and tries again with the second", async () => {
    let calls = 0;
    const cache: SharedCachePort = {
      purge: async (keys) => {
        calls += 1;
        if (calls === 1) throw new Error("CDN unreachable");
        purged.push(keys);
      },
    };
    repeatedPurge(cache, { againAfterMs: 1000, logger })(["site"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([{ event: "cdn.purge-failed", fields: { keys: "site", round: "first", error: "Error: CDN unreachable" } }]);
    expect(purged).toEqual([["site"]]);
  });
});
