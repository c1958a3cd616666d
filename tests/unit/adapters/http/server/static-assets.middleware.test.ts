import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { staticAssets } from "../../../../../adapters/http/server/static-assets.middleware";

const root = mkdtempSync(join(tmpdir(), "static-assets-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>';
writeFileSync(join(root, "favicon.svg"), ICON);
mkdirSync(join(root, "assets"));
writeFileSync(join(root, "assets", "entry-abc123.js"), "export {};");
mkdirSync(join(root, "kiosk", "assets"), { recursive: true });
writeFileSync(join(root, "kiosk", "index.html"), "<!doctype html><title>Kiosk</title>");
writeFileSync(join(root, "kiosk", "sw.js"), "self;");
writeFileSync(join(root, "kiosk", "assets", "index-abc123.js"), "export {};");

describe("staticAssets", () => {
  const app = new Hono();
  app.use(staticAssets(root));
  app.all("*", (c) => c.text("not a file", 404));

  it("answers /favicon.ico with the site's icon, cacheable, as browsers ask for it without reading the page", async () => {
    const response = await app.request("/favicon.ico");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toBe(ICON);
  });

  it("serves the build's files as they are, hashed ones for good", async () => {
    const response = await app.request("/assets/entry-abc123.js");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("export {};");
  });

  it("serves the door kiosk's page at /kiosk/, it and its service worker revalidated, its hashed files for good", async () => {
    const page = await app.request("/kiosk/");
    expect(await page.text()).toBe("<!doctype html><title>Kiosk</title>");
    expect(page.headers.get("Cache-Control")).toBe("no-cache");
    expect((await app.request("/kiosk/sw.js")).headers.get("Cache-Control")).toBe("no-cache");
    expect((await app.request("/kiosk/assets/index-abc123.js")).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});
