import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_USER_AGENT } from "./support/browser";
import { ownServer, type OwnServer } from "./support/own-server";
import { loggedRequests } from "./support/request-log";

// A render whose client has gone by its turn is skipped (adapters/http/server/render-queue.ts):
// under a storm of misses, rendering for clients that gave up would make everyone behind them wait
// longer. One process without a page cache, so that every request renders in one line.
let server: OwnServer;

beforeAll(async () => {
  server = await ownServer({ SERVER_WORKERS: "1", PAGE_CACHE_ENTRIES: "0", LOG_REQUESTS: "true" });
  await server.start();
}, 90_000);

afterAll(async () => {
  await server?.dispose();
});

/** The request log's lines for `path`: their statuses. */
function loggedStatuses(path: string): number[] {
  return loggedRequests(server.output()).flatMap((request) => (request.path === path ? [request.status] : []));
}

describe("requests whose clients have gone", () => {
  it("are not rendered when their turn comes, and the page renders again for the next visitor", async () => {
    // Enough that the line outlasts the test's own reaction: the first page's log line reaches this
    // process late when both cores are busy (60 renders, about 0.5 s of line, were all rendered
    // once in a CI run before the clients left).
    const REQUESTS = 200;
    // A warm server: its content is in memory, so a render is the CPU's work and holds its turn
    // (a render that waits for the network lets the next one start).
    expect((await fetch(`${server.baseUrl}/es/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).status).toBe(200);
    const before = loggedStatuses("/es/").length;
    const clients = Array.from({ length: REQUESTS }, () => new AbortController());
    const answers = clients.map((client) =>
      fetch(`${server.baseUrl}/es/`, { headers: { "User-Agent": BROWSER_USER_AGENT }, signal: client.signal }).then(
        (response) => response.status,
        () => "gone" as const,
      ),
    );
    // Every client leaves once the first page has been rendered: the others wait in the line.
    await expect.poll(() => loggedStatuses("/es/").length, { timeout: 30_000, interval: 5 }).toBeGreaterThan(before);
    for (const client of clients) client.abort();
    const outcomes = await Promise.all(answers);
    expect(outcomes.filter((outcome) => outcome === "gone").length).toBeGreaterThan(0);

    await expect.poll(() => loggedStatuses("/es/").length, { timeout: 30_000 }).toBe(before + REQUESTS);
    const statuses = loggedStatuses("/es/").slice(before);
    expect(statuses.filter((status) => status === 499).length, server.output()).toBeGreaterThan(REQUESTS / 2);
    expect(statuses.every((status) => status === 200 || status === 499)).toBe(true);

    const next = await fetch(`${server.baseUrl}/es/`, { headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("</html>");
  });
});
