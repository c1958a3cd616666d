import { describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT } from "./support/browser";

const baseUrl = inject("baseUrl");
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT, ...headers } });

describe("redirects", () => {
  it("adds the trailing slash with a 301 and keeps the query", async () => {
    const response = await get("/en/events?page=2&search=jazz");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/en/events/?page=2&search=jazz");
  });

  it("leaves files and the API alone", async () => {
    expect((await get("/robots.txt")).status).toBe(200);
    expect((await get("/api/health")).status).toBe(200);
  });

  it("sends the root to the language of the browser, privately", async () => {
    const response = await get("/", { "Accept-Language": "ca-ES-valencia,ca;q=0.9,es;q=0.8" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/val/");
    expect(response.headers.get("cache-control")).toContain("private");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    expect(response.headers.get("vary")).toMatch(/Accept-Language/);
  });

  it("lets the stored cookie win over the browser language", async () => {
    const response = await get("/", { "Accept-Language": "ca", Cookie: "arena_locale=en" });
    expect(response.headers.get("location")).toBe("/en/");
  });

  it("falls back to Spanish when nothing matches", async () => {
    const response = await get("/", { "Accept-Language": "fr-FR, de;q=0.5" });
    expect(response.headers.get("location")).toBe("/es/");
  });

  it("applies configured route rules, internal and external", async () => {
    const internal = await get("/es/entradas/?page=3");
    expect(internal.status).toBe(301);
    expect(internal.headers.get("location")).toBe("/es/events/?page=3");
    const external = await get("/en/box-office/");
    expect(external.status).toBe(302);
    expect(external.headers.get("location")).toBe("https://tickets.example.org/arena");
  });

  it("answers 404 for an unknown locale prefix", async () => {
    expect((await get("/fr/events/")).status).toBe(404);
  });
});
