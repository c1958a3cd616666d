import { join } from "node:path";
import type { PageContextServer } from "vike/types";
import { describe, expect, it } from "vitest";
import { createContentApi, inProcessFetch } from "../../../../../adapters/embedded/embedded-content/api/content-api.routes";
import { loadContentStore } from "../../../../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryblokContent } from "../../../../../adapters/storyblok/storyblok-content.adapter";
import { data } from "../../../../../ui/pages/content/+data";

// The space pulled with the Storyblok CLI (tests/content/cli-pull.test.ts): its home is Storyblok's
// starter home, a `teaser` and a `grid` of `feature`s, none of which this site has a block for.
const PULLED = join(import.meta.dirname, "../../../../fixtures/content/cli-pull");
const silent = { info: () => {}, warn: () => {}, error: () => {} };

function pageContextFor(logicalPath: string, contentPreview: boolean): PageContextServer {
  const api = createContentApi({ store: loadContentStore(PULLED), publicToken: "t", previewToken: "p", spaceId: 287104 }).ownReads;
  const content = createStoryblokContent({ accessToken: "t", previewToken: "p", endpoint: "http://embedded.content/v2", rateLimit: 1000, contentVersionCheckIntervalMs: 60_000, logger: silent, fetch: inProcessFetch(api) });
  return {
    globalContext: { services: { content } },
    logicalPath,
    locale: "en",
    contentPreview,
    urlParsed: { search: {}, searchAll: {} },
    headersResponse: new Headers(),
  } as unknown as PageContextServer;
}

describe("a CMS page with no block this site knows (issue 55)", () => {
  it("is a 404 for visitors", async () => {
    const failure = await data(pageContextFor("/", false)).catch((error: unknown) => error);
    // What vike's `throw render(404)` throws.
    expect(failure).toMatchObject({ _isAbortError: true, _pageContextAbort: { abortStatusCode: 404 } });
  });

  it("is shown in the editor's preview, each unknown block in place for its note", async () => {
    const shown = await data(pageContextFor("/", true));
    expect(shown.page.body?.map((block) => (block.component === "unknown" ? block.original : block.component))).toEqual(["teaser", "grid"]);
  });
});
