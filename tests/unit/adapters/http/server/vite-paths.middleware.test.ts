import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { vitePathsNotFound } from "../../../../../adapters/http/server/vite-paths.middleware";

describe("vitePathsNotFound", () => {
  const app = new Hono();
  app.use(vitePathsNotFound());
  app.get("*", (c) => c.text("page"));

  it("answers 404 for Vite's development paths, however their segments are encoded", async () => {
    for (const path of ["/@fs/x", "/@vite/client", "/__vite_ping", "/@id/virtual:module", "/@react-refresh", "/node_modules/.vite/deps/react.js", "/%40fs/etc/passwd", "/%40vite/client"]) {
      const response = await app.request(`http://arena.example${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, 404, "Not Found"]);
    }
  });

  it("lets every other path through", async () => {
    for (const path of ["/es/", "/en/event/concierto/", "/api/health", "/assets/app.js", "/es/%E2%82%AC/", "/es/%zz/"]) {
      expect((await app.request(`http://arena.example${path}`)).status, path).toBe(200);
    }
  });
});
