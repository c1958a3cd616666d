import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "../../../../../adapters/http/server/compression.middleware";
import { PAGE_CACHE_HEADER } from "../../../../../adapters/http/server/page-cache.middleware";
import { sharedCacheControl, sharedPageHeaders } from "../../../../../adapters/http/server/shared-page-headers.middleware";

const POLICY = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86_400 };
const PAGE = `<!doctype html><html><body>${"<p>A page the same for everyone.</p>".repeat(100)}</body></html>`;

function site(shared = true) {
  const app = new Hono();
  app.use(compression());
  app.use(sharedPageHeaders({ policy: POLICY, shared }));
  app.get("/es/about/", (c) => c.html(PAGE, 200, { [PAGE_CACHE_HEADER]: "shared", "Cache-Control": "no-cache" }));
  app.get("/es/cookie/", (c) => c.html(PAGE, 200, { [PAGE_CACHE_HEADER]: "shared", "Cache-Control": "no-cache", "Set-Cookie": "a=1" }));
  app.get("/es/missing/", (c) => c.html(PAGE, 404, { [PAGE_CACHE_HEADER]: "shared", "Cache-Control": "no-cache" }));
  app.get("/es/dashboard/", (c) => c.html(PAGE, 200, { "Cache-Control": "private, no-store" }));
  app.post("/es/about/", (c) => c.html(PAGE, 200, { [PAGE_CACHE_HEADER]: "shared", "Cache-Control": "no-cache" }));
  return app;
}

const get = (app: Hono, path: string, headers: Record<string, string> = {}) => app.request(`http://arena.test${path}`, { headers });

describe("shared page headers", () => {
  it("lets shared caches keep a shared page, with the configured lifetimes and a strong ETag", async () => {
    const answer = await get(site(), "/es/about/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400");
    expect(answer.headers.get("Cache-Control")).toBe(sharedCacheControl(POLICY));
    expect(answer.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(await answer.text()).toBe(PAGE);
  });

  it("gives the same page the same ETag on every server, and the compressed one a tag of its own", async () => {
    const plain = await get(site(), "/es/about/");
    const again = await get(site(), "/es/about/");
    const gzipped = await get(site(), "/es/about/", { "Accept-Encoding": "gzip" });
    expect(again.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("ETag")).toBe(plain.headers.get("ETag")!.replace(/"$/, '-gzip"'));
  });

  it("answers 304 without a body to a request that holds the page, in whichever encoding", async () => {
    const app = site();
    const entityTag = (await get(app, "/es/about/")).headers.get("ETag")!;
    for (const held of [entityTag, entityTag.replace(/"$/, '-gzip"'), `"other", ${entityTag}`, `W/${entityTag}`]) {
      const answer = await get(app, "/es/about/", { "If-None-Match": held, "Accept-Encoding": "gzip" });
      expect(answer.status, held).toBe(304);
      expect(await answer.text()).toBe("");
      expect(answer.headers.get("Cache-Control")).toBe(sharedCacheControl(POLICY));
      expect(answer.headers.get("ETag")).toBe(held.split(", ").at(-1));
    }
    const changed = await get(app, "/es/about/", { "If-None-Match": '"an-older-page"' });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(PAGE);
  });

  it("leaves as they are an answer that sets a cookie, an error, a personal page and a post", async () => {
    const app = site();
    const cookie = await get(app, "/es/cookie/");
    const missing = await get(app, "/es/missing/");
    const personal = await get(app, "/es/dashboard/");
    const posted = await app.request("http://arena.test/es/about/", { method: "POST" });
    expect(cookie.headers.get("Cache-Control")).toBe("no-cache");
    expect(missing.headers.get("Cache-Control")).toBe("no-cache");
    expect(personal.headers.get("Cache-Control")).toBe("private, no-store");
    expect(posted.headers.get("Cache-Control")).toBe("no-cache");
    for (const answer of [cookie, missing, personal, posted]) {
      expect(answer.headers.has("ETag")).toBe(false);
      expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    }
  });

  it("shares nothing when pages depend on more than their URL", async () => {
    const answer = await get(site(false), "/es/about/");
    expect(answer.headers.get("Cache-Control")).toBe("no-cache");
    expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
  });
});
