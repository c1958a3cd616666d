import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageRedirects } from "../../../../../adapters/http/server/page-redirects.middleware";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core";

describe("pageRedirects", () => {
  const app = new Hono();
  app.use(pageRedirects({ locale: DEFAULT_LOCALE_SETTINGS, routeRules: [] }));
  app.get("*", (c) => c.text(`page ${c.req.path}`));

  it("sends a page without a language to the cookie's language, privately, its query kept", async () => {
    const response = await app.request("http://arena.example/events/?page=2", { headers: { Cookie: "arena_locale=en", "Accept-Language": "ca" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/events/?page=2");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Language");
  });

  it("then to the browser's languages, then to Spanish", async () => {
    expect((await app.request("http://arena.example/dashboard/", { headers: { "Accept-Language": "ca-ES-valencia" } })).headers.get("location")).toBe("/val/dashboard/");
    expect((await app.request("http://arena.example/dashboard/", { headers: { "Accept-Language": "fr" } })).headers.get("location")).toBe("/es/dashboard/");
  });

  it("adds the slash first, then the language", async () => {
    const slashed = await app.request("http://arena.example/events?page=2");
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get("location")).toBe("/events/?page=2");
  });

  it("renders pages with a language, files and the editor", async () => {
    for (const path of ["/es/events/", "/robots.txt", "/_editor/"]) {
      const response = await app.request(`http://arena.example${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});
