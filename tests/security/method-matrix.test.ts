import { describe, expect, inject, it } from "vitest";
import { TEXTS } from "../e2e/support/account-pages";
import { header, raw } from "./support/raw-http";

// Bad requests get 4xx, always: every method, with and without a body (and with a chunked body
// that has no Content-Length), against every kind of endpoint and page.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ENDPOINTS = [
  "/api/health",
  "/api/content/preview",
  "/api/content/webhook",
  "/api/__session",
  "/_editor/api/session",
  "/_editor/api/stories",
  "/_editor/api/stories/9a70e45a-726c-4b57-885c-d507ef458069/publish",
  "/_editor/api/components",
  "/_editor/api/assets",
  "/_editor/",
  "/api/unknown",
  "/v2/cdn/stories?token=embedded-public-token",
  "/v2/cdn/spaces/me?token=embedded-public-token",
  "/_build/latest.json",
  "/robots.txt",
  "/sitemap.xml",
  "/a/f/1000001/nope/missing.png",
  "/",
  "/en/",
  "/es/contact/",
  "/val/events/",
  "/en/event/turia-basquet-cantabrico-basket/",
  "/es/dashboard/",
  "/en/_tmp/api-handler/",
  "/en/nope/",
];
const BODIES = [
  { name: "no body", body: undefined, chunked: false },
  { name: "an empty body", body: "", chunked: false },
  { name: "a JSON body", body: '{"a":1}', chunked: false },
  { name: "a chunked body", body: '{"a":1}', chunked: true },
  { name: "malformed JSON", body: "{", chunked: false },
] as const;

describe("method × endpoint matrix", () => {
  for (const path of ENDPOINTS) {
    it(`answers every method on ${path} without a 5xx`, async () => {
      for (const method of METHODS) {
        for (const { name, body, chunked } of BODIES) {
          if ((method === "GET" || method === "HEAD") && body !== undefined) continue;
          const response = await raw({ method, path, body, chunked, headers: body === undefined ? {} : { "Content-Type": "application/json" } });
          expect(response.status, `${method} ${path} with ${name}`).toBeLessThan(500);
        }
      }
    });
  }

  it("takes a page's own form post from the site itself only: 403 from another origin or none, on the error page, the form not rendered", async () => {
    const form = "form=contact&locale=en&name=Ana&surname=Puig&email=ana%40example.org&phone=600000000&subject=Hi&message=Hi&privacyPolicy=on&communication=on";
    for (const origin of [undefined, "https://evil.example", "null"]) {
      const response = await raw({ method: "POST", path: "/en/contact/", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded", ...(origin ? { Origin: origin } : {}) } });
      expect(response.status, String(origin)).toBe(403);
      // The page's error page, saying what happened in the page's language: never the form with what was posted.
      expect(response.body).toContain(TEXTS.en.error.refusedPostTitle);
      expect(response.body).not.toContain('name="subject"');
      expect(response.headers["cache-control"]).toMatch(/no-store/);
    }
  });

  it("answers 405 with Allow: GET, HEAD for other methods on pages, without rendering them", async () => {
    for (const path of ["/en/", "/es/contact/", "/val/events/", "/en/event/turia-basquet-cantabrico-basket/", "/en/nope/"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        // From the site itself: a form post from elsewhere is refused (403) before its method is considered.
        const response = await raw({ method, path, body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: inject("baseUrl") } });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(header(response, "allow")).toBe("GET, HEAD");
        expect(response.body).not.toContain("<html");
      }
    }
  });

  it("answers 413 for an API body over the limit, with or without a Content-Length, the editor's sign-in included", async () => {
    const big = "x".repeat(1_048_577);
    for (const path of ["/api/content/preview", "/_editor/api/session"]) {
      for (const chunked of [false, true]) {
        const response = await raw({ method: "POST", path, body: big, chunked, headers: { "Content-Type": "application/json" } });
        expect(response.status, `${path} ${chunked ? "chunked" : "with Content-Length"}`).toBe(413);
      }
    }
  });
});
