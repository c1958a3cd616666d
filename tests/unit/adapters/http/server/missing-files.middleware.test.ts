import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { missingFiles } from "../../../../../adapters/http/server/missing-files.middleware";
import { pageRedirects } from "../../../../../adapters/http/server/page-redirects.middleware";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core";

describe("missingFiles", () => {
  const app = new Hono();
  app.use(missingFiles());
  app.use(pageRedirects({ locale: DEFAULT_LOCALE_SETTINGS, routeRules: [] }));
  // Vike, which adds a page path's trailing slash before anything else.
  app.all("*", (c) => (c.req.path.endsWith("/") ? c.text("page") : c.redirect(`${c.req.path}/`, 301)));

  it("answers a file nothing served with 404 at once, never a redirect to a slash path", async () => {
    for (const path of ["/assets/nothing.js", "/assets/deep/nothing", "/_build/nothing", "/a/nothing", "/apple-touch-icon.png", "/en/nothing.css"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Location"), path).toBeNull();
    }
  });

  it("leaves pages, and Vike's page-context requests, to Vike", async () => {
    expect((await app.request("/en/events/")).status).toBe(200);
    expect((await app.request("/en/events")).status).toBe(301);
    expect((await app.request("/en/events/index.pageContext.json")).status).toBe(301);
  });
});
