import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs helper, also run by hand
import { freePort, startVarnish } from "../../scripts/varnish.mjs";
import { signedUpVisitor } from "./support/accounts";
import { launchBrowser, newPage, waitForHydration } from "./support/browser";
import { ownServer, type OwnServer } from "./support/own-server";

// The site behind a real shared cache: Varnish (Debian's) with the VCL the site ships
// (deploy/varnish/site.vcl), the site purging it on publish (CDN_PURGE=varnish). One server of
// this file's own, on a copy of the content, so that a publish here changes no other test's pages.
const EDITOR_PASSWORD = "cdn-editor-password";
const inCi = !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

let server: OwnServer;
let varnish: { url: string; stop: () => Promise<void> } | undefined;
let contentDir: string;
let skipReason: string | undefined;

beforeAll(async () => {
  contentDir = mkdtempSync(join(tmpdir(), "arena-cdn-content-"));
  cpSync("content", contentDir, { recursive: true });
  const varnishPort = (await freePort()) as number;
  const cdnUrl = `http://127.0.0.1:${varnishPort}`;
  server = await ownServer({
    // The cache is the site's public face: its address is the site's origin.
    PUBLIC_ORIGIN: cdnUrl,
    CONTENT_DIR: contentDir,
    EDITOR_PASSWORD,
    CDN_PURGE: "varnish",
    CDN_PURGE_URL: `${cdnUrl}/`,
    // Every instance sees a publish within 2 s here: the purge is repeated 3 s after the first.
    CONTENT_CV_CHECK_MS: "2000",
  });
  await server.start();
  try {
    varnish = await startVarnish({ backendPort: Number(new URL(server.baseUrl).port), port: varnishPort });
  } catch (error) {
    if (inCi) throw error;
    skipReason = `Varnish could not start here: ${String(error).split("\n")[0]}`;
    console.warn(`[cdn.test] skipped: ${skipReason}`);
  }
}, 120_000);

afterAll(async () => {
  await varnish?.stop();
  await server?.dispose();
  rmSync(contentDir, { recursive: true, force: true });
});

const through = (path: string, headers: Record<string, string> = {}) => fetch(`${varnish!.url}${path}`, { headers, redirect: "manual" });

describe("behind Varnish", () => {
  it("answers a shared page's second request from the cache, the same bytes and ETag", async ({ skip }) => {
    if (skipReason) skip(skipReason);
    const first = await through("/en/faq/", { "Accept-Encoding": "gzip" });
    const firstBody = await first.text();
    const second = await through("/en/faq/", { "Accept-Encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // The keys are the cache's, not the browser's.
    expect(second.headers.has("Surrogate-Key")).toBe(false);
    // A browser holding the page asks again and gets a 304 from the cache.
    const revalidated = await through("/en/faq/", { "If-None-Match": second.headers.get("ETag")! });
    expect(revalidated.status).toBe(304);
  });

  it("keeps one entry per page state: other query parameters make none", async ({ skip }) => {
    if (skipReason) skip(skipReason);
    await (await through("/es/events/?utm_source=newsletter")).arrayBuffer();
    const tracked = await through("/es/events/?fbclid=abc&utm_source=other");
    expect(tracked.headers.get("X-Cache")).toBe("hit");
    await tracked.arrayBuffer();
    const secondPage = await through("/es/events/?page=2&utm_source=x");
    expect(secondPage.headers.get("X-Cache")).toBe("miss");
    await secondPage.arrayBuffer();
    expect((await through("/es/events/?page=2")).headers.get("X-Cache")).toBe("hit");
  });

  it("never stores a signed-in visitor's pages, and gives them the shared pages everyone gets", async ({ skip }) => {
    if (skipReason) skip(skipReason);
    const visitor = await signedUpVisitor(varnish!.url, { email: `cdn-${Date.now()}@example.org`, password: "a long enough password 1", name: "Marta", surname: "Cache" });
    for (let visit = 0; visit < 2; visit++) {
      const dashboard = await through("/en/dashboard/", { Cookie: visitor.cookieHeader });
      expect(dashboard.headers.get("X-Cache")).toBe("miss");
      expect(dashboard.headers.get("Cache-Control")).toBe("private, no-store");
      await dashboard.arrayBuffer();
    }
    // Someone else, without the cookies, never gets the dashboard from the cache.
    const anonymous = await through("/en/dashboard/");
    expect(anonymous.status).toBe(302);
    expect(await anonymous.text()).not.toContain("Marta Cache");
    // The shared page is the same cached object for both.
    await (await through("/val/restaurants/")).arrayBuffer();
    const signedIn = await through("/val/restaurants/", { Cookie: visitor.cookieHeader });
    expect(signedIn.headers.get("X-Cache")).toBe("hit");
    await signedIn.arrayBuffer();
  });

  it("shows a publish through the cache once the site purges the story's pages, and leaves other pages cached", async ({ skip }) => {
    if (skipReason) skip(skipReason);
    const headers = { "Content-Type": "application/json", Origin: varnish!.url };
    const signIn = await fetch(`${varnish!.url}/_editor/api/session`, { method: "POST", headers, body: JSON.stringify({ password: EDITOR_PASSWORD }) });
    expect(signIn.status).toBe(204);
    const editor = { ...headers, Cookie: signIn.headers.get("set-cookie")!.split(";")[0]! };
    const stories = (await (await fetch(`${varnish!.url}/_editor/api/stories`, { headers: editor })).json()) as { stories: { uuid: string; fullSlug: string }[] };
    const faq = stories.stories.find((story) => story.fullSlug === "pages/faq")!;
    const opened = (await (await fetch(`${varnish!.url}/_editor/api/stories/${faq.uuid}`, { headers: editor })).json()) as { content: Record<string, unknown>; version: string };

    await (await through("/en/faq/")).arrayBuffer();
    await (await through("/en/legal-notice/")).arrayBuffer();
    expect((await through("/en/faq/")).headers.get("X-Cache")).toBe("hit");

    const title = `Questions, published at ${Date.now()}`;
    const saved = await fetch(`${varnish!.url}/_editor/api/stories/${faq.uuid}/draft`, {
      method: "PUT",
      headers: editor,
      body: JSON.stringify({ content: { ...opened.content, title__i18n__en: title }, version: opened.version }),
    });
    expect(saved.status).toBe(200);
    const { version } = (await saved.json()) as { version: string };
    expect((await fetch(`${varnish!.url}/_editor/api/stories/${faq.uuid}/publish`, { method: "POST", headers: editor, body: JSON.stringify({ version }) })).status).toBe(200);

    // Within the documented time: at once, or at the purge repeated one content-version check later.
    await expect.poll(async () => (await through("/en/faq/")).text(), { timeout: 10_000, interval: 250 }).toContain(title);
    const other = await through("/en/legal-notice/");
    expect(other.headers.get("X-Cache")).toBe("hit");
    await other.arrayBuffer();
  });

  it("serves pages from the cache that run in Chromium without a CSP violation, hydrated", async ({ skip }) => {
    if (skipReason) skip(skipReason);
    await (await through("/es/")).arrayBuffer();
    expect((await through("/es/")).headers.get("X-Cache")).toBe("hit");
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser);
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      const answer = await page.goto(`${varnish!.url}/es/`);
      expect(answer?.headers()["x-cache"]).toBe("hit");
      await waitForHydration(page);
      // A client-side navigation loads the next page's code from the site's own origin.
      await page.locator('header a[href="/es/events/"]').first().click();
      await page.waitForURL(`${varnish!.url}/es/events/`);
      await waitForHydration(page);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
