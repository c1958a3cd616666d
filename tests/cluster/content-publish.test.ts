import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLUSTER_OPTIONS, running, visitorClient, type Answer } from "./support/cluster";

// Issue 50, item 3: content is coherent over the cluster. A publish is served by all three
// instances within 5 s, whichever instance took it; a write to the content folder they share,
// within 2 s.

/** Asks every instance for `path` until each has shown `text`: the instances that had, and when each first did. */
async function untilEveryInstanceShows(path: string, text: string, withinMs: number): Promise<Map<string, number>> {
  const { instances } = running();
  const visitor = visitorClient();
  const started = Date.now();
  const seen = new Map<string, number>();
  while (seen.size < instances.length && Date.now() - started <= withinMs) {
    const page: Answer = await visitor.call(path);
    if ((await page.text()).includes(text) && !seen.has(page.servedBy)) seen.set(page.servedBy, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

function homeStoryFile(): string {
  const folder = join(running().contentDir, "stories", "1000001");
  return join(folder, readdirSync(folder).find((name) => name.startsWith("home_"))!);
}

describe("content over three instances", CLUSTER_OPTIONS, () => {
  it("serves a write to the shared content folder on every instance within 2 s", async () => {
    const title = `Túria Arena, written ${Date.now()}`;
    const file = homeStoryFile();
    const story = JSON.parse(readFileSync(file, "utf8")) as { content: Record<string, unknown> };
    const at = new Date().toISOString();
    writeFileSync(file, JSON.stringify({ ...story, content: { ...story.content, title }, updated_at: at, published_at: at }, null, 2));
    const seen = await untilEveryInstanceShows("/es/", title, 2_000);
    expect([...seen.keys()].sort()).toEqual(running().instances.map((instance) => instance.name));
  });

  it("serves an editor's save and publish through the balancer on every instance within 5 s", async () => {
    const editor = visitorClient();
    expect((await editor.call("/_editor/api/session", { method: "POST", body: { password: running().editorPassword } })).status).toBe(204);
    const uuid = (JSON.parse(readFileSync(homeStoryFile(), "utf8")) as { uuid: string }).uuid;
    const opened = await editor.call(`/_editor/api/stories/${uuid}`);
    expect(opened.status).toBe(200);
    const { content, version } = (await opened.json()) as { content: Record<string, unknown>; version: string };
    const title = `Túria Arena, published ${Date.now()}`;
    const saved = await editor.call(`/_editor/api/stories/${uuid}/draft`, { method: "PUT", body: { content: { ...content, title }, version } });
    expect(saved.status).toBe(200);
    const published = await editor.call(`/_editor/api/stories/${uuid}/publish`, { method: "POST", body: { version: ((await saved.json()) as { version: string }).version } });
    expect(published.status).toBe(200);
    const seen = await untilEveryInstanceShows("/es/", title, 5_000);
    expect([...seen.keys()].sort()).toEqual(running().instances.map((instance) => instance.name));
  });
});
