import { describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT } from "./support/browser";

const baseUrl = inject("baseUrl");
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT, ...headers } });

describe("the HTTP server", () => {
  it("sends a personal page a nonce-based CSP whose nonce is the one on the page's scripts", async () => {
    const response = await get("/en/login/");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/frame-ancestors 'self'/);
    const html = await response.text();
    // Every script that can run carries the nonce (JSON-LD is data, not code).
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it("sends a shared page a CSP with no per-response value: the site's own scripts and the configured third parties, no inline code", async () => {
    for (const path of ["/en/", "/es/event/lua-serrano-marea-alta/"]) {
      const response = await get(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc.split(" ").slice(0, 1)).toEqual(["'self'"]);
      expect(scriptSrc).not.toMatch(/nonce|unsafe|strict-dynamic|\*/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      const html = await response.text();
      expect(html).not.toContain(" nonce=");
      // Every script element is a file of the site's or data (JSON): nothing inline runs.
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!).filter((attributes) => !/\bsrc=|type="application\/(json|ld\+json)"/.test(attributes));
      expect(inline, path).toEqual([]);
    }
  });

  it("sends the other security headers on every response, and no X-Powered-By", async () => {
    for (const path of ["/en/", "/api/health", "/robots.txt", "/en/nope/"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
    // A page with a token in its address sends no referrer at all.
    expect((await get("/en/tickets/check/?t=TA1.abc.def")).headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("compresses pages", async () => {
    const response = await get("/en/", { "Accept-Encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("caches hashed assets forever and revalidates the latest-build file", async () => {
    const html = await (await get("/en/")).text();
    // The site's stylesheet is large enough to be stored precompressed.
    const asset = /href="(\/assets\/static\/style\.[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const assetResponse = await get(asset!, { "Accept-Encoding": "br" });
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers.get("content-encoding")).toBe("br");
    const etag = assetResponse.headers.get("etag")!;
    expect((await get(asset!, { "If-None-Match": etag })).status).toBe(304);

    const latest = await get("/_build/latest.json");
    expect(latest.headers.get("cache-control")).toBe("no-cache");
    const { id, builtAt } = (await latest.json()) as { id: string; builtAt: number };
    expect(id).toMatch(/\S/);
    // This build's metadata file, beside it (SPEC §7).
    const meta = await get(`/_build/meta/${id}.json`);
    expect(meta.headers.get("cache-control")).toBe("no-cache");
    await expect(meta.json()).resolves.toEqual({ id, builtAt });
  });

  it("reports health with the build id", async () => {
    const health = (await (await get("/api/health")).json()) as { status: string; buildId: string };
    const latest = (await (await get("/_build/latest.json")).json()) as { id: string };
    expect(health).toMatchObject({ status: "ok", buildId: latest.id });
  });

  it("refuses bodies over the limit with a 413, not a 5xx", async () => {
    const response = await fetch(`${baseUrl}/api/health`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload-too-large" } });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await get("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not-found" } });
  });
});
