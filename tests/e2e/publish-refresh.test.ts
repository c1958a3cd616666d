import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownServer, type OwnServer } from "./support/own-server";
import { loggedRequests } from "./support/request-log";

// After a publish, the page cache renders its most requested pages afresh in the background
// (adapters/http/server/page-cache.middleware.ts), through the whole site as a visitor's request
// goes. One process, so that one cache holds every page; its request log shows each render.
let server: OwnServer;
let contentDir: string;

beforeAll(async () => {
  contentDir = mkdtempSync(join(tmpdir(), "arena-refresh-content-"));
  cpSync("content", contentDir, { recursive: true });
  server = await ownServer({ SERVER_WORKERS: "1", LOG_REQUESTS: "true", CONTENT_DIR: contentDir });
  await server.start();
}, 90_000);

afterAll(async () => {
  await server?.dispose();
  rmSync(contentDir, { recursive: true, force: true });
});

/** The request log's GETs, in order: their paths, marked when the server asked for them itself. */
function loggedGets(): string[] {
  return loggedRequests(server.output()).flatMap((request) => (request.method === "GET" ? [`${request.path}${request.background ? " (background)" : ""}`] : []));
}

async function visit(path: string, times: number): Promise<void> {
  for (let count = 0; count < times; count += 1) await (await fetch(`${server.baseUrl}${path}`)).arrayBuffer();
}

/** Publishes the home story again with another title, as the editor writes it into the content folder. */
function publishHomeTitle(title: string): void {
  const storiesDir = join(contentDir, "stories", "1000001");
  const homeFile = join(storiesDir, readdirSync(storiesDir).find((name) => name.startsWith("home_"))!);
  const story = JSON.parse(readFileSync(homeFile, "utf8")) as { content: Record<string, unknown> };
  const at = new Date(Date.now() + 1000).toISOString();
  writeFileSync(homeFile, JSON.stringify({ ...story, content: { ...story.content, title }, updated_at: at, published_at: at }, null, 2));
}

describe("after a publish", () => {
  it("renders the most requested cached pages afresh in the background, so that their visitors get the new version at once", async () => {
    await visit("/en/faq/", 3);
    await visit("/val/restaurants/", 1);
    await visit("/en/events/", 2);
    const before = loggedGets().length;

    publishHomeTitle("Túria Arena, refreshed");
    // The first request that sees the new version: it renders its own page, and starts the round.
    await expect.poll(async () => (await fetch(`${server.baseUrl}/es/`)).text(), { timeout: 15_000 }).toContain("Túria Arena, refreshed");
    await expect
      .poll(() => loggedGets().slice(before).filter((path) => path !== "/es/"), { timeout: 15_000 })
      .toEqual(["/en/faq/ (background)", "/en/events/ (background)", "/val/restaurants/ (background)"]);

    for (const path of ["/en/faq/", "/en/events/", "/val/restaurants/"]) {
      const answer = await fetch(`${server.baseUrl}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-page-cache")).toBe("hit");
    }
  });
});
