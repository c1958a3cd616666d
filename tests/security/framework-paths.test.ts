import { describe, expect, it } from "vitest";
import { ownServer } from "../e2e/support/own-server";
import { header, raw } from "./support/raw-http";

// Vite's reserved paths mean nothing in production (issue 48, item 8): Vike refused some with a
// 500 whose stack went to the log every time (12,258 requests in 5 s wrote 20 MB of it).

const VITE_PATHS = [
  "/@fs/x",
  "/@fs/etc/passwd",
  "/@vite/client",
  "/@vite/env",
  "/__vite_ping",
  "/@id/virtual:x",
  "/@react-refresh",
  "/node_modules/.vite/deps/react.js",
  "/%40fs/x",
  "/%40vite/client",
  "/__vite_ping?t=1",
  "/@fs/x/",
];

/** What a stack trace or a framework's error page would show. */
const LEAKS = [/\n\s+at /, /Error:/, /renderPage/, /node_modules\//, /\/dist\/server\//, /vike/i];

describe("Vite's development paths on the production server", () => {
  it("answer 404, with nothing of the server in the body", async () => {
    for (const path of VITE_PATHS) {
      const response = await raw({ path });
      expect([path, response.status]).toEqual([path, 404]);
      for (const leak of LEAKS) expect(response.body, `${path} body`).not.toMatch(leak);
    }
  });

  it("answer 404 to HEAD and a bot too, and to many requests in a row", async () => {
    expect((await raw({ method: "HEAD", path: "/@vite/client" })).status).toBe(404);
    expect((await raw({ path: "/@fs/x", headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } })).status).toBe(404);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, n) => raw({ path: `/@fs/probe-${n}` }).then((response) => response.status)));
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(header(await raw({ path: "/@fs/x" }), "cache-control")).toBe("no-store");
  });
});

describe("the production server's log under a flood of Vite's paths", () => {
  it("stays as it was: 1,000 of them write nothing", { timeout: 120_000 }, async () => {
    const server = await ownServer({ SERVER_WORKERS: "1" });
    try {
      await server.start();
      const before = server.output().length;
      for (let n = 0; n < 1_000; n += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, index) => fetch(`${server.baseUrl}${VITE_PATHS[(n + index) % VITE_PATHS.length]}`).then((response) => response.arrayBuffer())));
      }
      expect(server.output().slice(before)).toBe("");
    } finally {
      await server.dispose();
    }
  });
});
