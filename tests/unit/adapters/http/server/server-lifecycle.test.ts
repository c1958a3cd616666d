import { Hono } from "hono";
import type { Server } from "srvx";
import { serve } from "srvx/node";
import { afterEach, describe, expect, it } from "vitest";
import { createServerLifecycle, type ServerLifecycle } from "../../../../../adapters/http/server/server-lifecycle";
import { keptLines, siteApp } from "./support/http-app";

// Issue 50, item 4: SIGTERM cut every request under way (40 of 40). Stopping now drains: not ready,
// requests under way finish, background work stops, exit 0. Served by srvx, as in production.

const SLOW_MS = 300;

describe("stopping the server", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await server?.close(true);
    server = undefined;
  });

  async function start(drainMs: number, handlerMs = SLOW_MS, graceMs = 0) {
    const events: string[] = [];
    const { logger, lines } = keptLines();
    let exited: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    // Readiness asks the lifecycle, made once the app it stops exists.
    let lifecycle: ServerLifecycle;
    const api = new Hono().post("/", async (c) => {
      events.push("started");
      await new Promise((resolve) => setTimeout(resolve, handlerMs));
      events.push("answered");
      return c.json({ done: true }, 201);
    });
    const app = siteApp({ logger, routes: [{ path: "/api/slow", app: api }], readiness: { checks: [], serving: () => lifecycle.serving() } });
    lifecycle = createServerLifecycle({
      drainMs,
      graceMs,
      logger,
      stopWork: async () => events.push("work stopped"),
      exit: (code) => (events.push(`exit ${code}`), exited(code)),
    });
    server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
    await server.ready();
    const origin = new URL(server.url!).origin;
    return { app, origin, lifecycle, events, lines, exitCode, server };
  }

  it("lets the requests under way finish, closing their connections, turns readiness 503, stops the background work and exits 0", async () => {
    const { app, origin, lifecycle, events, exitCode, server } = await start(8_000);
    expect((await app.request("/api/ready")).status).toBe(200);
    const requests = Array.from({ length: 5 }, () => fetch(`${origin}/api/slow`, { method: "POST", headers: { Origin: origin } }));
    while (events.filter((event) => event === "started").length < 5) await new Promise((resolve) => setTimeout(resolve, 5));

    const stopped = lifecycle.stop(server, "SIGTERM");
    expect(lifecycle.serving()).toBe(false);
    expect((await app.request("/api/ready")).status).toBe(503);
    const answers = await Promise.all(requests);
    expect(answers.map((response) => [response.status, response.headers.get("connection")])).toEqual(Array.from({ length: 5 }, () => [201, "close"]));
    await stopped;

    expect(await exitCode).toBe(0);
    expect(events.filter((event) => event === "answered")).toHaveLength(5);
    expect(events.indexOf("exit 0")).toBe(events.length - 1);
    expect(events).toContain("work stopped");
    // No new connections are taken once stopping.
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  });

  it("cuts what is still under way once the drain time is over, and exits 0 all the same", async () => {
    const { origin, lifecycle, events, lines, exitCode, server } = await start(100, 10_000);
    const stuck = fetch(`${origin}/api/slow`, { method: "POST", headers: { Origin: origin } });
    while (!events.includes("started")) await new Promise((resolve) => setTimeout(resolve, 5));
    await lifecycle.stop(server, "SIGTERM");
    await expect(stuck).rejects.toThrow();
    expect(await exitCode).toBe(0);
    expect(events).not.toContain("answered");
    expect(lines.map((line) => line.event)).toEqual(["server.stopping", "server.drain-timed-out", "server.stopped"]);
  });

  it("still answers new connections during the grace time, not ready meanwhile, then stops listening", async () => {
    const { app, origin, lifecycle, exitCode, server } = await start(8_000, SLOW_MS, 200);
    const stopped = lifecycle.stop(server, "SIGTERM");
    expect((await app.request("/api/ready")).status).toBe(503);
    const during = await fetch(`${origin}/api/slow`, { method: "POST", headers: { Origin: origin } });
    expect([during.status, during.headers.get("connection")]).toEqual([201, "close"]);
    await stopped;
    expect(await exitCode).toBe(0);
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  });

  it("stops once for signals that repeat", async () => {
    const { lifecycle, events, server } = await start(8_000);
    await Promise.all([lifecycle.stop(server, "SIGTERM"), lifecycle.stop(server, "SIGINT")]);
    expect(events.filter((event) => event.startsWith("exit"))).toEqual(["exit 0"]);
  });
});
