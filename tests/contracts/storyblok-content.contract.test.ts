import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createContentApi, inProcessFetch } from "../../adapters/embedded/embedded-content/api/content-api.routes";
import { loadContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryblokContent } from "../../adapters/storyblok/storyblok-content.adapter";
import type { Logger } from "../../core";
import { CONTENT_CONTRACT_FIXTURES, contentContract, type ContentFixture } from "./content.contract";

// The storyblok adapter over the embedded Content Delivery API, wired as composition/content.ts
// wires the embedded site: the client reads the API's in-process handler, without a socket.

const PUBLIC_TOKEN = "contract-public-token";
const PREVIEW_TOKEN = "contract-preview-token";
const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

async function storyblokOverEmbeddedApi(): Promise<ContentFixture> {
  const dir = await mkdtemp(join(tmpdir(), "content-contract-"));
  await cp(CONTENT_CONTRACT_FIXTURES, dir, { recursive: true });
  // A new content version is a new store (the embedded CMS's publish): the API is rebuilt over it.
  const apiOver = () => createContentApi({ store: loadContentStore(dir), publicToken: PUBLIC_TOKEN, previewToken: PREVIEW_TOKEN, spaceId: 4242 }).ownReads;
  let api = apiOver();
  const port = createStoryblokContent({
    accessToken: PUBLIC_TOKEN,
    previewToken: PREVIEW_TOKEN,
    endpoint: "http://embedded.content/v2",
    rateLimit: 1000,
    contentVersionCheckIntervalMs: 60_000,
    logger: silent,
    fetch: inProcessFetch({ fetch: (request) => api.fetch(request) }),
  });

  return {
    port,
    // As an editor's publish would: the pulled file becomes the published version, and its
    // published snapshot (if it had unpublished changes) is no longer needed.
    async publish(fullSlug, changes) {
      const storiesDir = join(dir, "stories", "4242");
      for (const name of await readdir(storiesDir)) {
        const file = join(storiesDir, name);
        const story = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
        if (story.full_slug !== fullSlug) continue;
        const now = new Date().toISOString();
        const content = { ...(story.content as Record<string, unknown>), ...changes };
        await writeFile(file, JSON.stringify({ ...story, content, published: true, unpublished_changes: false, published_at: now, updated_at: now }, null, 2));
        await rm(join(dir, "published", "4242", name), { force: true });
        api = apiOver();
        return;
      }
      throw new Error(`no story at ${fullSlug} in the contract fixtures`);
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

contentContract("the storyblok adapter over the embedded content API", storyblokOverEmbeddedApi);
