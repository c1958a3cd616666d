import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BACKGROUND_REQUEST, requestLog } from "../../../../../adapters/http/server/request-log.middleware";

function loggedApp() {
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const logger = {
    info: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "info", event, fields }),
    warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "warn", event, fields }),
    error: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "error", event, fields }),
  };
  const app = new Hono();
  app.use(requestLog(logger));
  app.get("/es/", (c) => c.text("page"));
  app.get("/broken/", (c) => c.text("broken", 500));
  return { app, lines };
}

describe("the request log", () => {
  it("writes one line per request: method, path, status and duration, errors at error level", async () => {
    const { app, lines } = loggedApp();
    await app.request("http://arena.test/es/?page=2");
    await app.request("http://arena.test/broken/");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: "info", event: "request", fields: { method: "GET", path: "/es/", status: 200 } });
    expect(lines[0]!.fields.ms).toEqual(expect.any(Number));
    expect(lines[0]!.fields.background).toBeUndefined();
    expect(lines[1]).toMatchObject({ level: "error", fields: { path: "/broken/", status: 500 } });
  });

  it("marks the server's own background requests, which no visitor's request can pass for", async () => {
    const { app, lines } = loggedApp();
    await app.fetch(new Request("http://arena.test/es/"), BACKGROUND_REQUEST);
    await app.request("http://arena.test/es/", { headers: { background: "true" } });
    expect(lines.map((line) => line.fields.background)).toEqual([true, undefined]);
  });
});
