import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fastlyPurge } from "../../../../adapters/cdn/fastly-purge.adapter";
import { startRecordingServer } from "./support/recording-server";

// A real HTTP server in the purge API's place (Varnish itself answers in tests/e2e/cdn.test.ts).
let api: Awaited<ReturnType<typeof startRecordingServer>>;
beforeEach(async () => (api = await startRecordingServer()));
afterEach(() => api.close());

describe("Fastly purge", () => {
  it("soft-purges the keys through the service's purge call, with the API token", async () => {
    await fastlyPurge({ serviceId: "SU1Z0isxPaozGVKXdv0eY", apiToken: "token-1", apiOrigin: api.origin }).purge(["story:events/lua-serrano", "listing:events"]);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]).toMatchObject({ method: "POST", url: "/service/SU1Z0isxPaozGVKXdv0eY/purge" });
    expect(api.received[0]!.headers["fastly-key"]).toBe("token-1");
    expect(api.received[0]!.headers["fastly-soft-purge"]).toBe("1");
    expect(api.received[0]!.headers["surrogate-key"]).toBe("story:events/lua-serrano listing:events");
  });

  it("sends at most 256 keys a call", async () => {
    const keys = Array.from({ length: 300 }, (_, index) => `story:pages/p${index}`);
    await fastlyPurge({ serviceId: "s", apiToken: "t", apiOrigin: api.origin }).purge(keys);
    expect(api.received.map((call) => String(call.headers["surrogate-key"]).split(" ").length)).toEqual([256, 44]);
  });

  it("fails when Fastly refuses the purge", async () => {
    api.answerWith(401);
    await expect(fastlyPurge({ serviceId: "s", apiToken: "wrong", apiOrigin: api.origin }).purge(["site"])).rejects.toThrow("401");
  });
});
