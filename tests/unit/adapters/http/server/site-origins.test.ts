import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameOriginWrites } from "../../../../../adapters/http/server/origin-check.middleware";
import { siteOrigins } from "../../../../../adapters/http/server/site-origins";

describe("siteOrigins", () => {
  it("is the public origin and the locale domains over HTTPS for a site on a real name", () => {
    expect(siteOrigins("https://arena.example", ["en.arena.example"])).toEqual(["https://arena.example", "https://en.arena.example"]);
  });

  it("is every loopback name on the port of a loopback public origin, and no other port", () => {
    expect(siteOrigins("http://localhost:3000", [])).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(siteOrigins("http://127.0.0.1:4173", [])).toEqual(["http://127.0.0.1:4173", "http://localhost:4173", "http://[::1]:4173"]);
  });
});

describe("the origin check on writes, for a site opened on a loopback name", () => {
  const app = new Hono();
  app.use(sameOriginWrites(siteOrigins("http://localhost:3000", [])));
  app.post("*", (c) => c.text("written"));
  const write = (origin: string) => app.request("http://127.0.0.1:3000/api/__session", { method: "POST", headers: { Origin: origin } });

  it("takes a write from a page of the same port on any loopback name", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) expect((await write(origin)).status, origin).toBe(200);
  });

  it("refuses another port, another scheme and any other site", async () => {
    for (const origin of ["http://127.0.0.1:3001", "https://localhost:3000", "http://localhost.evil.example:3000", "http://evil.example", "null"]) {
      expect((await write(origin)).status, origin).toBe(403);
    }
  });

  it("takes no loopback name where the site has a public name", async () => {
    const site = new Hono();
    site.use(sameOriginWrites(siteOrigins("https://arena.example", [])));
    site.post("*", (c) => c.text("written"));
    expect((await site.request("/api/forms/contact", { method: "POST", headers: { Origin: "http://localhost:3000" } })).status).toBe(403);
  });
});
