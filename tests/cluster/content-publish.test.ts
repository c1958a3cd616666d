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
});
