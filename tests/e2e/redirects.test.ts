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

  it("sends a page without a language to the detected language's page, as the root, privately", async () => {
    const events = await get("/events/?page=2", { "Accept-Language": "ca", Cookie: "arena_locale=en" });
    expect(events.status).toBe(302);
    expect(events.headers.get("location")).toBe("/en/events/?page=2");
    expect(events.headers.get("cache-control")).toContain("private");
    expect(events.headers.get("vary")).toMatch(/Cookie/);
    expect((await get("/dashboard/", { "Accept-Language": "ca-ES-valencia,es;q=0.8" })).headers.get("location")).toBe("/val/dashboard/");
    expect((await get("/events", { "Accept-Language": "en" })).headers.get("location")).toBe("/events/");
  });

  it("answers an unknown page, or an unknown locale prefix, with a 404 in the detected language", async () => {
    const unknown = await fetch(`${baseUrl}/no-such-page/`, { headers: { "User-Agent": BROWSER_USER_AGENT, "Accept-Language": "en-GB" } });
    expect(unknown.url).toBe(`${baseUrl}/en/no-such-page/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page not found");
    const prefix = await get("/fr/events/", { Cookie: "arena_locale=val" });
    expect(prefix.headers.get("location")).toBe("/val/fr/events/");
    expect((await get("/val/fr/events/")).status).toBe(404);
  });
});
