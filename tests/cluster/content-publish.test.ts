import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EDITOR_SESSION_COOKIE } from "../../adapters/http/server/editor-session.route";
import { CLUSTER_OPTIONS, onEveryInstance, running, visitorClient, type Answer } from "./support/cluster";

// Issue 50, item 3: content is coherent over the cluster. A publish is served by all three
// instances within 5 s, whichever instance took it; a write to the content folder they share,
// within 2 s. The editor who publishes signs in on one instance and is signed in on all three
// (their sessions are in Firestore), and their sign-ins count against one limit.

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

describe("the editor's sign-in over three instances", CLUSTER_OPTIONS, () => {
  const MINUTE = 60_000;

  it("keeps one editor's session on every instance, and ends it on every one at sign-out", async () => {
    const editor = visitorClient();
    const signedIn = await editor.call("/_editor/api/session", { method: "POST", body: { password: running().editorPassword } });
    expect(signedIn.status).toBe(204);
    const stories = await onEveryInstance(() => editor.call("/_editor/api/stories"));
    expect([...stories.values()].map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await editor.call("/_editor/api/session", { method: "DELETE" })).status).toBe(204);
    const copied = visitorClient();
    copied.cookies.set(EDITOR_SESSION_COOKIE, signedIn.headers.getSetCookie()[0]!.split(";")[0]!.split("=")[1]!);
    const afterSignOut = await onEveryInstance(() => copied.call("/_editor/api/stories"));
    expect([...afterSignOut.values()].map((answer) => answer.status)).toEqual([401, 401, 401]);
  });

  it("counts the sign-ins from one address on every instance against one limit of 5 a minute", async () => {
    // The limit's windows are whole minutes: the sign-ins below all fall in one.
    const intoMinute = Date.now() % MINUTE;
    if (intoMinute > MINUTE - 15_000) await new Promise((resolve) => setTimeout(resolve, MINUTE - intoMinute));
    const allowedBy: string[] = [];
    let refused: Answer | undefined;
    // Three instances counting apart would allow fifteen.
    for (let attempt = 0; attempt < 16 && !refused; attempt++) {
      const answer = await visitorClient().call("/_editor/api/session", { method: "POST", body: { password: running().editorPassword } });
      await answer.arrayBuffer();
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(204);
        allowedBy.push(answer.servedBy);
      }
    }
    // The earlier tests' sign-ins may have taken part of this minute's five: never more than five, all instances together.
    expect(allowedBy.length).toBeGreaterThan(0);
    expect(allowedBy.length).toBeLessThanOrEqual(5);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(new Set([...allowedBy, refused!.servedBy]).size).toBeGreaterThan(1);
  });
});
