import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { createContentApi, inProcessFetch } from "../../adapters/embedded/embedded-content/api/content-api.routes";
import { loadContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryblokContent } from "../../adapters/storyblok/storyblok-content.adapter";
import type { ContentQuery, Logger } from "../../core";
import { CONTENT_CONTRACT_FIXTURES } from "./content.contract";

// What the storyblok adapter keeps while anyone asks for pages and events that do not exist
// (issue 48, item 1): every miss was kept until the next publish, holding its render's page context.

const TOKEN = "memory-public-token";
const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const published: ContentQuery = { locale: "es", version: "published" };

/** The adapter over the embedded API, wired as composition/content.ts does, counting the API requests it makes. */
function adapter() {
  const api = createContentApi({ store: loadContentStore(CONTENT_CONTRACT_FIXTURES), publicToken: TOKEN, previewToken: "memory-preview-token", spaceId: 4242 }).ownReads;
  let requests = 0;
  const fetchInProcess = inProcessFetch(api);
  const content = createStoryblokContent({
    accessToken: TOKEN,
    endpoint: "http://embedded.content/v2",
    rateLimit: 1000,
    contentVersionCheckIntervalMs: 60_000,
    logger: silent,
    fetch: (input, init) => {
      requests += 1;
      return fetchInProcess(input, init);
    },
  });
  return { content, requests: () => requests };
}

/** The API requests that `ask` makes. */
async function requestsOf(requests: () => number, ask: () => Promise<unknown>): Promise<number> {
  const before = requests();
  await ask();
  return requests() - before;
}

/**
 * Vike renders each page inside an AsyncLocalStorage whose store holds the page context
 * (vike/dist/server/runtime/renderPageServer.js): every promise made during the render carries
 * it. Here a render's page context weighs 64 KB, as a 404's did in the production heap.
 */
const render = new AsyncLocalStorage<{ readonly pageContext: { readonly weight: number[] } }>();
const asWithinRender = <T>(ask: () => Promise<T>) => render.run({ pageContext: { weight: new Array<number>(8_000).fill(1) } }, ask);

/** Asks, each inside its own render, for the pages and events numbered [from, to), none of which exists. */
async function askForMissing(content: ReturnType<typeof adapter>["content"], from: number, to: number): Promise<void> {
  for (let n = from; n < to; n += 1) {
    const [page, event] = await asWithinRender(() => Promise.all([content.page(`missing-${n}`, published), content.event(`missing-${n}`, published)]));
    expect(page ?? event).toBeNull();
  }
}

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** The heap still in use after full collections: what is retained. */
function retainedHeap(): number {
  for (let round = 0; round < 3; round += 1) collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe("the storyblok content adapter's cache, asked for pages that do not exist", () => {
  it("keeps only the latest misses, and none evicts the content found", async () => {
    const { content, requests } = adapter();
    expect((await content.page("home", published))?.meta.fullSlug).toBe("home");
    await askForMissing(content, 0, 1_500);
    expect(await requestsOf(requests, () => content.page("home", published))).toBe(0);
    // 3,000 misses (a page and an event each) against room for 1,000 (CONTENT_CACHE_LIMITS): the first went, the last stayed.
    expect(await requestsOf(requests, () => content.page("missing-0", published))).toBe(1);
    expect(await requestsOf(requests, () => content.event("missing-1499", published))).toBe(0);
  }, 60_000);

  it("retains as much heap after 3,000 distinct misses as after 200: no render's page context is kept", async () => {
    const { content } = adapter();
    await content.page("home", published);
    await askForMissing(content, 0, 200);
    const after200 = retainedHeap();
    await askForMissing(content, 200, 3_000);
    const after3000 = retainedHeap();
    // Each miss kept with its page context would retain 2,800 × 64 KB ≈ 180 MB more.
    expect(after3000 - after200).toBeLessThan(16 * 1024 * 1024);
  }, 60_000);
});
