import { describe, expect, it } from "vitest";
import type { ReadinessCheck } from "../../../../../adapters/http/server/ready.route";
import { keptLines, siteApp } from "./support/http-app";

// Issue 50, item 4: /api/health stayed 200 while Firestore was down; /api/ready says whether this server can answer.

const answering = (name: string): ReadinessCheck => ({ name, check: async () => 1 });

async function ready(checks: readonly ReadinessCheck[], serving = () => true, logger = keptLines().logger) {
  const response = await siteApp({ readiness: { checks, serving }, logger }).request("/api/ready");
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
}

describe("/api/ready", () => {
  it("is 200 when every store and the content source answer", async () => {
    expect(await ready([answering("database"), answering("firestore"), answering("content")])).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready", checks: { database: "ok", firestore: "ok", content: "ok" } },
    });
  });

  it("is 503 when one fails or does not answer in time, and says which; the failure is logged", async () => {
    const { logger, lines } = keptLines();
    const down: ReadinessCheck = { name: "firestore", check: async () => Promise.reject(new Error("14 UNAVAILABLE: No connection established")) };
    const hanging: ReadinessCheck = { name: "content", check: () => new Promise(() => {}) };
    const response = await siteApp({ readiness: { checks: [answering("database"), down, hanging], serving: () => true }, logger }).request("/api/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "not-ready", checks: { database: "ok", firestore: "failed", content: "timed-out" } });
    expect(lines).toEqual([
      { level: "warn", event: "ready.check-failed", fields: { check: "firestore", error: "Error: 14 UNAVAILABLE: No connection established" } },
      { level: "warn", event: "ready.check-timed-out", fields: { check: "content", timeoutMs: 2_000 } },
    ]);
  });

  it("is 503 once the server is stopping, without asking the stores; /api/health stays 200", async () => {
    let asked = 0;
    const app = siteApp({ readiness: { checks: [{ name: "database", check: async () => (asked += 1) }], serving: () => false } });
    const response = await app.request("/api/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "stopping" });
    expect(asked).toBe(0);
    expect((await app.request("/api/health")).status).toBe(200);
  });

  it("asks a store once for probes that come while it is being asked", async () => {
    let asked = 0;
    let answer!: () => void;
    const slow: ReadinessCheck = { name: "database", check: () => ((asked += 1), new Promise<void>((resolve) => (answer = resolve))) };
    const app = siteApp({ readiness: { checks: [slow], serving: () => true } });
    const probes = Array.from({ length: 5 }, () => app.request("/api/ready"));
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    expect((await Promise.all(probes)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(asked).toBe(1);
  });
});
