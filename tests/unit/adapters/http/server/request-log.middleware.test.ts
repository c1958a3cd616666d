import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BACKGROUND_REQUEST, requestLog, type RequestLogOptions } from "../../../../../adapters/http/server/request-log.middleware";
import { serveFetch } from "../../../../contracts/support/serve-fetch";

function loggedApp(options: RequestLogOptions = {}) {
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const logger = {
    info: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "info", event, fields }),
    warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "warn", event, fields }),
    error: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "error", event, fields }),
  };
  const app = new Hono();
  app.use(requestLog(logger, options));
  app.get("/es/", (c) => c.text("page"));
  app.get("/broken/", (c) => c.text("broken", 500));
  return { app, lines };
}

describe("the request log", () => {
  it("writes one line per request with Cloud Logging's httpRequest: method, path without its query, status, latency, user agent and client address; errors at error level", async () => {
    const { app, lines } = loggedApp();
    const served = await serveFetch((request) => app.fetch(request));
    try {
      await fetch(`${served.origin}/es/?token=secret`, { headers: { "User-Agent": "arena-test/1" } });
      await fetch(`${served.origin}/broken/`);
    } finally {
      await served.close();
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "info",
      event: "request",
      fields: { httpRequest: { requestMethod: "GET", requestUrl: "/es/", status: 200, userAgent: "arena-test/1", remoteIp: "127.0.0.1" } },
    });
    expect((lines[0]!.fields.httpRequest as { latency: string }).latency).toMatch(/^\d+\.\d{4}s$/);
    expect(lines[0]!.fields.background).toBeUndefined();
    expect(lines[1]).toMatchObject({ level: "error", fields: { httpRequest: { requestUrl: "/broken/", status: 500 } } });
  });

  it("names the request's trace with the project, from traceparent or else X-Cloud-Trace-Context; none without a project", async () => {
    const trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const { app, lines } = loggedApp({ traceProjectId: "demo-arena" });
    await app.request("http://arena.test/es/", { headers: { traceparent: `00-${trace}-00f067aa0ba902b7-01`, "X-Cloud-Trace-Context": `${"1".repeat(32)}/1;o=1` } });
    await app.request("http://arena.test/es/", { headers: { "X-Cloud-Trace-Context": `${trace.toUpperCase()}/12345;o=1` } });
    await app.request("http://arena.test/es/", { headers: { traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" } });
    await app.request("http://arena.test/es/", { headers: { traceparent: "not a trace" } });
    const untraced = loggedApp();
    await untraced.app.request("http://arena.test/es/", { headers: { traceparent: `00-${trace}-00f067aa0ba902b7-01` } });
    expect([...lines, ...untraced.lines].map((line) => line.fields["logging.googleapis.com/trace"])).toEqual([
      `projects/demo-arena/traces/${trace}`,
      `projects/demo-arena/traces/${trace}`,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("marks the server's own background requests, which no visitor's request can pass for", async () => {
    const { app, lines } = loggedApp();
    await app.fetch(new Request("http://arena.test/es/"), BACKGROUND_REQUEST);
    await app.request("http://arena.test/es/", { headers: { background: "true" } });
    expect(lines.map((line) => line.fields.background)).toEqual([true, undefined]);
  });
});
