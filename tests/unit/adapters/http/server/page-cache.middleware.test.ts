import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_CACHE_HEADER, PAGES_REFRESHED_AFTER_PUBLISH, pageCache } from "../../../../../adapters/http/server/page-cache.middleware";
import { CLIENT_CLOSED_REQUEST } from "../../../../../adapters/http/server/render-queue";
import { sharedCacheControl, sharedPageHeaders } from "../../../../../adapters/http/server/shared-page-headers.middleware";
import { asServerWrites } from "./support/server-writes";

const CSP = "default-src 'self'; script-src 'self'; object-src 'none'";
const POLICY = { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86_400 };

let currentVersion: number;
let renders: number;
let app: Hono;

function page(title: string): string {
  return `<!doctype html><html><head><script src="/app.js" type="module" async></script></head><body><h1>${title} – ü</h1></body></html>`;
}

beforeEach(() => {
  currentVersion = 1;
  renders = 0;
  app = new Hono();
  // As the server mounts them: the shared caches' headers around the page cache.
  app.use(sharedPageHeaders({ policy: POLICY, shared: true }));
  app.use(pageCache({ contentVersion: () => Promise.resolve(currentVersion), maxEntries: 2, keyByHost: false, shared: true }));
  app.get("/private/", (c) => {
    renders += 1;
    return c.html(page("private"), 200, { "Content-Security-Policy": CSP });
  });
  app.get("/one-response/", (c) => {
    renders += 1;
    const nonce = `n${renders}`;
    return c.html(page("made for one response").replace("<script ", `<script nonce="${nonce}" `), 200, {
      [PAGE_CACHE_HEADER]: "shared",
      "Content-Security-Policy": CSP.replace("'self';", `'self' 'nonce-${nonce}';`),
    });
  });
  app.get("/missing/", (c) => {
    renders += 1;
    return c.html(page("not found"), 404, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
  });
  app.get("/slow/", async (c) => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return c.html(page("slow"), 200, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
  });
  app.get("/slow-missing/", async (c) => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return c.html(page("gone"), 404, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
  });
  app.get("/slow-versioned/", async (c) => {
    renders += 1;
    const version = currentVersion;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return c.html(page(`slow v${version}`), 200, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
  });
  app.get("/data/", (c) => {
    renders += 1;
    return c.json({ ok: true }, 200, { [PAGE_CACHE_HEADER]: "shared" });
  });
  app.get("*", (c) => {
    renders += 1;
    const url = new URL(c.req.url);
    return c.html(page(`${url.pathname}${url.search} v${currentVersion}`), 200, {
      [PAGE_CACHE_HEADER]: "shared",
      "Content-Security-Policy": CSP,
      "Cache-Control": "no-cache",
    });
  });
  app.post("*", (c) => {
    renders += 1;
    return c.html(page("posted"), 200, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
  });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://arena.test${path}`, { headers });

async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  return response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
}

describe("page cache", () => {
  it("renders the first request and serves the second from the cache", async () => {
    const first = await get("/es/about/");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(await first.text()).toBe(page("/es/about/ v1"));
    expect(renders).toBe(1);

    const second = await get("/es/about/");
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(1);
    expect(second.headers.get("Content-Type")).toContain("text/html");
    expect(second.headers.get("Cache-Control")).toBe(sharedCacheControl(POLICY));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(await bodyText(second)).toBe(page("/es/about/ v1"));
  });

  it("renders a page once for a burst of misses, and gives the others the same bytes", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/slow/")));
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.headers.get("X-Page-Cache") === "miss")).toHaveLength(1);
    const bodies = await Promise.all(answers.map(bodyText));
    expect(new Set(bodies)).toEqual(new Set([page("slow")]));
    expect(new Set(answers.map((answer) => answer.headers.get("ETag"))).size).toBe(1);
  });

  it("lets each waiting miss render for itself when the page it waited for may not be shared", async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => get("/slow-missing/")));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(renders).toBe(3);
  });

  it("never stores a page with a CSP nonce (made for one response: replayed, its nonce would be reused)", async () => {
    const answers = [await get("/one-response/"), await get("/one-response/")];
    expect(renders).toBe(2);
    expect(answers.map((answer) => answer.headers.get("X-Page-Cache"))).toEqual([null, null]);
    expect(await answers[1]!.text()).toContain('nonce="n2"');
    expect(answers[1]!.headers.get("Content-Security-Policy")).toContain("'nonce-n2'");
  });

  it("serves gzip to clients that accept it and identity to the others, with a correct length", async () => {
    await get("/es/about/");
    const gzipped = await get("/es/about/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("Vary")).toContain("Accept-Encoding");
    const compressed = Buffer.from(await gzipped.arrayBuffer());
    expect(Number(gzipped.headers.get("Content-Length"))).toBe(compressed.byteLength);
    expect(gunzipSync(compressed).toString("utf8")).toBe(page("/es/about/ v1"));

    const plain = await get("/es/about/");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(Number(plain.headers.get("Content-Length"))).toBe(bytes.byteLength);
    expect(bytes.toString("utf8")).toBe(page("/es/about/ v1"));
    // Each encoding is its own representation: its own strong ETag, for the same content.
    expect(gzipped.headers.get("ETag")).toBe(plain.headers.get("ETag")!.replace(/"$/, '-gzip"'));
    expect(renders).toBe(1);
  });

  it("answers a miss and a hit, gzipped or not, as bytes the production server writes as they are", async () => {
    for (const acceptEncoding of ["gzip", "identity", "gzip"]) {
      const written = asServerWrites(await get("/es/about/", { "Accept-Encoding": acceptEncoding }));
      expect(written.body, acceptEncoding).toBeInstanceOf(Uint8Array);
    }
    expect(renders).toBe(1);
  });

  it("answers a miss with the page it stores, in the gzip made for the cache", async () => {
    const miss = await get("/es/about/", { "Accept-Encoding": "gzip, br" });
    expect(miss.headers.get("X-Page-Cache")).toBe("miss");
    expect(miss.headers.get("Content-Encoding")).toBe("gzip");
    expect(miss.headers.get("Vary")).toBe("Accept-Encoding");
    expect(miss.headers.get("Content-Security-Policy")).toBe(CSP);
    expect(miss.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    const compressed = Buffer.from(await miss.arrayBuffer());
    expect(Number(miss.headers.get("Content-Length"))).toBe(compressed.byteLength);
    expect(gunzipSync(compressed).toString("utf8")).toBe(page("/es/about/ v1"));

    const refused = await get("/es/other/", { "Accept-Encoding": "gzip;q=0" });
    expect(refused.headers.get("Content-Encoding")).toBeNull();
    expect(await refused.text()).toBe(page("/es/other/ v1"));
  });

  it("does not send gzip to a client that refuses it", async () => {
    await get("/es/about/");
    const hit = await get("/es/about/", { "Accept-Encoding": "gzip;q=0, identity" });
    expect(hit.headers.get("Content-Encoding")).toBeNull();
    expect(await hit.text()).toContain("<h1>/es/about/ v1 – ü</h1>");
  });

  it("never lets the opt-in header reach the client", async () => {
    const miss = await get("/es/about/");
    const hit = await get("/es/about/");
    const missing = await get("/missing/");
    expect(miss.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(hit.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(missing.headers.has(PAGE_CACHE_HEADER)).toBe(false);
  });

  it("never lets the opt-in header reach the client, even when the request bypasses the cache", async () => {
    const preview = await get("/es/about/?_storyblok=123");
    const posted = await app.request("http://arena.test/es/about/", { method: "POST" });
    expect(preview.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(posted.headers.has(PAGE_CACHE_HEADER)).toBe(false);
  });

  it("serves a shared page to signed-in visitors too (it is the same for everyone), and never stores a page that did not opt in", async () => {
    await get("/es/about/");
    const signedIn = await get("/es/about/", { Cookie: "theme=dark; __session=x" });
    expect(signedIn.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(1);
    await get("/private/", { Cookie: "__session=x" });
    const again = await get("/private/", { Cookie: "__session=x" });
    expect(again.headers.get("X-Page-Cache")).toBeNull();
  });

  it("caches for visitors with other cookies", async () => {
    await get("/es/about/", { Cookie: "locale=en" });
    const hit = await get("/es/about/", { Cookie: "locale=en; theme=dark" });
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(1);
  });

  it("never caches editor previews", async () => {
    await get("/es/about/");
    const preview = await get("/es/about/?_storyblok=123&_storyblok_tk[token]=abc");
    await get("/es/about/?_storyblok=123");
    // The signature alone (no `_storyblok`) is an editor's link too: never shared.
    const signatureOnly = await get("/es/about/?_storyblok_tk[token]=abc&_storyblok_tk[timestamp]=1");
    expect(preview.headers.get("X-Page-Cache")).toBeNull();
    expect(signatureOnly.headers.get("X-Page-Cache")).toBeNull();
    expect(renders).toBe(4);
  });

  it("does not store free-text search results", async () => {
    await get("/es/events/?search=jazz");
    const again = await get("/es/events/?search=jazz");
    expect(again.headers.get("X-Page-Cache")).toBeNull();
    expect(renders).toBe(2);
  });

  it("keys by path and query only, not by the Host, unless told to", async () => {
    await app.request("http://arena.test/es/about/");
    const otherHost = await app.request("http://other.test/es/about/");
    expect(otherHost.headers.get("X-Page-Cache")).toBe("hit");
    const byHost = new Hono();
    byHost.use(pageCache({ contentVersion: () => Promise.resolve(1), maxEntries: 2, keyByHost: true, shared: true }));
    byHost.get("*", (c) => c.html(page(new URL(c.req.url).host), 200, { [PAGE_CACHE_HEADER]: "shared" }));
    await byHost.request("http://en.arena.test/about/");
    const domain = await byHost.request("http://val.arena.test/about/");
    expect(domain.headers.get("X-Page-Cache")).toBe("miss");
    expect(await domain.text()).toContain("val.arena.test");
  });

  it("never caches other methods", async () => {
    await app.request("http://arena.test/es/contact/", { method: "POST" });
    const again = await app.request("http://arena.test/es/contact/", { method: "POST" });
    expect(again.headers.get("X-Page-Cache")).toBeNull();
    expect(await again.text()).toBe(page("posted"));
    expect(renders).toBe(2);
    // Nor did the POST fill the cache for a GET.
    expect((await get("/es/contact/")).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("never caches pages that did not opt in, error pages or non-HTML", async () => {
    for (const path of ["/private/", "/missing/", "/data/"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(renders).toBe(6);
  });

  it("leaves files and APIs alone", async () => {
    await get("/robots.txt");
    const again = await get("/robots.txt");
    expect(again.headers.get("X-Page-Cache")).toBeNull();
    expect(renders).toBe(2);
  });

  it("shares an entry across ignored query parameters but not across key parameters", async () => {
    await get("/es/events/");
    expect((await get("/es/events/?utm_source=newsletter")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await get("/es/events/?fbclid=abc&utm_campaign=x")).headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(1);

    const second = await get("/es/events/?page=2");
    expect(second.headers.get("X-Page-Cache")).toBe("miss");
    expect(await second.text()).toContain("?page=2");
    expect(renders).toBe(2);
    const secondAgain = await get("/es/events/?utm_source=x&page=2");
    expect(secondAgain.headers.get("X-Page-Cache")).toBe("hit");
    expect(await secondAgain.text()).toContain("?page=2");
    expect(renders).toBe(2);
  });

  it("keeps different paths apart", async () => {
    await get("/es/about/");
    const other = await get("/en/about/");
    expect(other.headers.get("X-Page-Cache")).toBe("miss");
    expect(await other.text()).toContain("/en/about/");
  });

  it("renders a page afresh when the content version changes", async () => {
    await get("/es/about/");
    expect((await get("/es/about/")).headers.get("X-Page-Cache")).toBe("hit");
    currentVersion = 2;
    const fresh = await get("/es/about/");
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain("v2");
    expect(renders).toBe(2);
    const hit = await get("/es/about/");
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(await hit.text()).toContain("v2");
  });

  it("after a publish, renders each page once and serves the previous version to the requests that come meanwhile", async () => {
    await get("/slow-versioned/");
    currentVersion = 2;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/slow-versioned/")));
    expect(renders).toBe(2);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const states = answers.map((answer) => answer.headers.get("X-Page-Cache"));
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.filter((state) => state === "stale")).toHaveLength(19);
    const bodies = await Promise.all(answers.map(bodyText));
    expect(bodies.filter((body) => body.includes("slow v1"))).toHaveLength(19);
    const after = await get("/slow-versioned/");
    expect(after.headers.get("X-Page-Cache")).toBe("hit");
    expect(await bodyText(after)).toContain("slow v2");
  });

  it("drops a stale page that no longer renders as a shared page", async () => {
    let gone = false;
    const site = new Hono();
    site.use(pageCache({ contentVersion: () => Promise.resolve(currentVersion), maxEntries: 2, keyByHost: false, shared: true }));
    site.get("/es/unpublished/", (c) =>
      gone ? c.html(page("not found"), 404, { [PAGE_CACHE_HEADER]: "shared" }) : c.html(page("here"), 200, { [PAGE_CACHE_HEADER]: "shared" }),
    );
    await site.request("/es/unpublished/");
    gone = true;
    currentVersion = 2;
    expect((await site.request("/es/unpublished/")).status).toBe(404);
    const again = await site.request("/es/unpublished/");
    expect(again.status).toBe(404);
    expect(again.headers.get("X-Page-Cache")).toBeNull();
  });

  it("keeps the stale page when the fresh render was skipped because its client had gone", async () => {
    let clientGone = false;
    const site = new Hono();
    site.use(pageCache({ contentVersion: () => Promise.resolve(currentVersion), maxEntries: 2, keyByHost: false, shared: true }));
    site.get("/es/about/", async (c) => {
      if (clientGone) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
      const version = currentVersion;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return c.html(page(`about v${version}`), 200, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
    });
    await site.request("/es/about/");
    currentVersion = 2;
    clientGone = true;
    expect((await site.request("/es/about/")).status).toBe(CLIENT_CLOSED_REQUEST);
    clientGone = false;
    // The next render of the page: meanwhile, the version before it.
    const [fresh, meanwhile] = await Promise.all([site.request("/es/about/"), site.request("/es/about/")]);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await bodyText(fresh)).toContain("about v2");
    expect(meanwhile.headers.get("X-Page-Cache")).toBe("stale");
    expect(await bodyText(meanwhile)).toContain("about v1");
  });

  it("evicts the least recently used page beyond maxEntries", async () => {
    await get("/es/a/");
    await get("/es/b/");
    expect((await get("/es/a/")).headers.get("X-Page-Cache")).toBe("hit"); // a is now the most recent
    await get("/es/c/"); // evicts b
    expect(renders).toBe(3);
    expect((await get("/es/a/")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await get("/es/c/")).headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(3);
    expect((await get("/es/b/")).headers.get("X-Page-Cache")).toBe("miss");
    expect(renders).toBe(4);
  });
});

describe("after a publish, the most requested pages", () => {
  /** A site whose page cache asks the site itself for pages again, as the server's does; it counts each page's renders. */
  function refreshingSite(options: { failingRefresh?: boolean; versioned?: boolean } = {}) {
    const versioned = options.versioned ?? false;
    const rendered: string[] = [];
    const site = new Hono();
    site.use(
      pageCache({
        contentVersion: () => Promise.resolve(currentVersion),
        maxEntries: 50,
        keyByHost: false,
        shared: true,
        refreshPage: (url) => {
          if (options.failingRefresh) throw new Error("the site is down");
          return site.request(url);
        },
      }),
    );
    site.get("*", async (c) => {
      const url = new URL(c.req.url);
      const version = currentVersion;
      rendered.push(`${url.pathname}${url.search}${versioned ? ` v${version}` : ""}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return c.html(page(`${url.pathname}${url.search} v${version}`), 200, { [PAGE_CACHE_HEADER]: "shared", "Content-Security-Policy": CSP });
    });
    const visit = async (path: string, times = 1) => {
      for (let count = 0; count < times; count += 1) await site.request(`http://arena.test${path}`);
    };
    return { site, rendered, visit };
  }

  it("are rendered afresh in the background, the most requested first, once a request has seen the new version", async () => {
    const { site, rendered, visit } = refreshingSite();
    await visit("/es/a/", 2);
    await visit("/es/b/", 5);
    await visit("/es/c/?page=2", 3);
    rendered.length = 0;
    currentVersion = 2;
    await visit("/es/new/");
    await vi.waitFor(() => expect(rendered).toHaveLength(4));
    // The page the request asked for first, then the stale ones by how often they were asked for.
    expect(rendered).toEqual(["/es/new/", "/es/b/", "/es/c/?page=2", "/es/a/"]);
    for (const path of ["/es/a/", "/es/b/", "/es/c/?page=2"]) {
      const answer = await site.request(`http://arena.test${path}`);
      expect(answer.headers.get("X-Page-Cache")).toBe("hit");
      expect(await bodyText(answer)).toContain(`${path} v2`);
    }
    expect(rendered).toHaveLength(4);
  });

  it("does not render twice a page a visitor is having rendered", async () => {
    const { rendered, visit } = refreshingSite();
    await visit("/es/a/", 3);
    await visit("/es/b/", 1);
    rendered.length = 0;
    currentVersion = 2;
    await visit("/es/a/");
    await vi.waitFor(() => expect(rendered).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rendered).toEqual(["/es/a/", "/es/b/"]);
  });

  it(`are at most ${PAGES_REFRESHED_AFTER_PUBLISH}: the others wait for a visitor`, async () => {
    const { site, rendered, visit } = refreshingSite();
    const paths = Array.from({ length: PAGES_REFRESHED_AFTER_PUBLISH + 5 }, (_, index) => `/es/page-${index}/`);
    // The first five are asked for once, the others twice.
    for (const [index, path] of paths.entries()) await visit(path, index < 5 ? 1 : 2);
    rendered.length = 0;
    currentVersion = 2;
    await visit(paths.at(-1)!);
    await vi.waitFor(() => expect(rendered).toHaveLength(PAGES_REFRESHED_AFTER_PUBLISH));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rendered).toHaveLength(PAGES_REFRESHED_AFTER_PUBLISH);
    expect(rendered.filter((path) => paths.slice(0, 5).includes(path))).toHaveLength(0);
    expect((await site.request(`http://arena.test${paths[0]}`)).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("are never rendered twice for one version when publishes follow each other", async () => {
    const { site, rendered, visit } = refreshingSite({ versioned: true });
    const paths = ["/es/a/", "/es/b/", "/es/c/", "/es/d/"];
    for (const path of paths) await visit(path);
    currentVersion = 2;
    await visit("/es/new/");
    // The second publish overtakes the first one's round.
    currentVersion = 3;
    await visit("/es/newer/");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(new Set(rendered).size).toBe(rendered.length);
    expect(rendered.filter((rendering) => rendering.endsWith(" v3")).length).toBeGreaterThanOrEqual(paths.length);
    for (const path of paths) expect(await bodyText(await site.request(`http://arena.test${path}`))).toContain(`${path} v3`);
  });

  it("stay stale when a refresh fails, and their next visitor renders them", async () => {
    const { site, rendered, visit } = refreshingSite({ failingRefresh: true });
    await visit("/es/a/", 2);
    rendered.length = 0;
    currentVersion = 2;
    await visit("/es/new/");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rendered).toEqual(["/es/new/"]);
    const next = await site.request("http://arena.test/es/a/");
    expect(next.headers.get("X-Page-Cache")).toBe("miss");
    expect(await bodyText(next)).toContain("/es/a/ v2");
  });
});

describe("a page cache that may not share (no_prefix locales)", () => {
  it("renders every request and never lets the opt-in header out", async () => {
    let count = 0;
    const unshared = new Hono();
    unshared.use(pageCache({ contentVersion: () => Promise.resolve(1), maxEntries: 2, keyByHost: false, shared: false }));
    unshared.get("/x/", (c) => {
      count += 1;
      return c.html("<p>x</p>", 200, { [PAGE_CACHE_HEADER]: "shared" });
    });
    const first = await unshared.request("/x/");
    const second = await unshared.request("/x/");
    expect(count).toBe(2);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(second.headers.get("X-Page-Cache")).toBeNull();
  });
});
