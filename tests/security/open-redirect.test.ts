import { describe, expect, inject, it } from "vitest";
import { header, raw } from "./support/raw-http";

// Every redirect the site sends must stay on the site: a relative path that cannot be read as
// scheme-relative (`//host`, `/\host`), or an absolute URL on PUBLIC_ORIGIN.
const origin = new URL(inject("baseUrl")).origin;

const PAYLOADS = [
  "//evil.example/a",
  "//evil.example/a?x=1",
  "///evil.example/a",
  "/\\evil.example/a",
  "/\\\\evil.example/a",
  "\\\\evil.example/a",
  "/\\/evil.example/a",
  "//\\evil.example",
  "/%5Cevil.example/a",
  "/%2F%2Fevil.example/a",
  "/%2f%2fevil.example",
  "//evil.example",
  "//evil.example/es/events",
  "/es//evil.example",
  "/es/events//evil.example",
  "/es\\evil.example",
  "//evil.example%2F..",
  "//evil.example%09/a",
  "/https:/evil.example",
  "/https://evil.example/a",
  "//@evil.example/a",
  "//user:pass@evil.example/a",
  "/.//evil.example",
  "/..//evil.example",
];

function expectOnSite(location: string | undefined) {
  if (location === undefined) return;
  expect(location, `Location ${location}`).not.toMatch(/^[/\\]{2}/);
  expect(location).not.toMatch(/^\/\\/);
  const target = new URL(location, origin);
  expect(target.origin, `Location ${location}`).toBe(origin);
}

describe("open redirects", () => {
  it.each(PAYLOADS)("keeps %s on the site", async (path) => {
    const response = await raw({ path });
    expect(response.status).toBeLessThan(500);
    expectOnSite(header(response, "location"));
  });

  it.each(PAYLOADS)("keeps %s on the site whatever the Host header says", async (path) => {
    const response = await raw({ path, headers: { Host: "evil.example" } });
    expect(response.status).toBeLessThan(500);
    expectOnSite(header(response, "location"));
  });

  it("never builds a Location on a foreign Host header (paths Vike normalises itself)", async () => {
    for (const path of ["/es//events/", "/es/events//", "/en//", "/val///contact/"]) {
      for (const headers of [{ Host: "evil.example" }, { "X-Forwarded-Host": "evil.example" }, {}] as Record<string, string>[]) {
        const response = await raw({ path, headers });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
        const location = header(response, "location");
        expect(location ?? "").not.toContain("evil.example");
        expectOnSite(location);
      }
    }
  });

  it("sends a path without a language to the detected language's page on this site, never to the host it names", async () => {
    for (const path of ["//evil.example/", "/\\evil.example/", "/evil.example/?next=//evil.example/"]) {
      let location = path;
      for (let hop = 0; hop < 3 && location.startsWith("/"); hop++) {
        const response = await raw({ path: location, headers: { "Accept-Language": "en" } });
        const next = header(response, "location");
        if (next === undefined) break;
        expectOnSite(next);
        location = next;
      }
      expect(location, path).toMatch(/^\/en\/evil\.example\//);
    }
  });

  it("collapses repeated slashes into the page's own path", async () => {
    const response = await raw({ path: "/es//events//?page=2" });
    expect(response.status).toBe(301);
    expect(header(response, "location")).toBe("/es/events/?page=2");
  });
});
