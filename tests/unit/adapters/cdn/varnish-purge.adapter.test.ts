import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { varnishPurge } from "../../../../adapters/cdn/varnish-purge.adapter";
import { startRecordingServer } from "./support/recording-server";

// A real HTTP server in the purge API's place (Varnish itself answers in tests/e2e/cdn.test.ts).
let api: Awaited<ReturnType<typeof startRecordingServer>>;
beforeEach(async () => (api = await startRecordingServer()));
afterEach(() => api.close());

describe("Varnish purge", () => {
  it("asks the cache to drop the objects carrying the keys", async () => {
    await varnishPurge({ url: `${api.origin}/` }).purge(["site"]);
    expect(api.received).toEqual([expect.objectContaining({ method: "PURGE", url: "/" })]);
    expect(api.received[0]!.headers["surrogate-key"]).toBe("site");
  });

  it("sends nothing for no keys, and fails when the cache refuses", async () => {
    await varnishPurge({ url: `${api.origin}/` }).purge([]);
    expect(api.received).toHaveLength(0);
    api.answerWith(405);
    await expect(varnishPurge({ url: `${api.origin}/` }).purge(["site"])).rejects.toThrow("405");
  });
});
