import { createHmac } from "node:crypto";
import { resolve } from "node:path";
import { Hono } from "hono";
import { createContentApi, inProcessFetch } from "../adapters/embedded/embedded-content/api/content-api.routes";
import { createImageService } from "../adapters/http/server/image-service.route";
import { createImageVariantFiles } from "../adapters/embedded/files/image-variant-files";
import { SIBLING_NOTES, siblingProcesses } from "../adapters/http/server/sibling-processes";
import { watchContentStore, type LiveContentStore } from "../adapters/embedded/embedded-content/store/live-content-store";
import { createStoryblokContent } from "../adapters/storyblok/storyblok-content.adapter";
import type { ContentPort, Logger, RateLimiters } from "../core";
import type { ContentConfig } from "./config";

export interface ContentWiring {
  readonly content: ContentPort;
  /** Checks editor preview links: Storyblok signs them with the space id and preview token. */
  readonly preview: { readonly spaceId: number; readonly previewToken: string } | undefined;
  /** The embedded API and image service, when content is embedded. */
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** The embedded stories, which the embedded editor writes; none with Storyblok (its editor is Storyblok's). */
  readonly embedded: { readonly store: LiveContentStore; readonly directory: string; readonly spaceId: number } | undefined;
}

/** What the content wiring shares with the other server processes. */
export interface ContentProcessShared {
  /** Counts the embedded API's public requests with the instance's other server processes. */
  readonly rateLimiters: RateLimiters;
  /** The session secret: without CONTENT_PREVIEW_TOKEN, the embedded API's preview token is derived from it, so every process has the same. */
  readonly secret: string;
  /** The folder of transformed images, which every process reads and writes. */
  readonly imageVariantsDirectory: string;
}

/** Transformed images kept on disk; the image service's memory holds IMAGE_CACHE_BYTES of them. */
const IMAGE_VARIANT_FILES_BYTES = 512 * 1024 * 1024;

/**
 * Storyblok's CDN when a token is configured; otherwise the embedded Storyblok-compatible API
 * over content/, which the same storyblok-js-client adapter talks to through the API's own
 * fetch handler (the full HTTP contract, without a socket to itself).
 */
export function wireContent(config: ContentConfig, logger: Logger, shared: ContentProcessShared): ContentWiring {
  if (config.source === "storyblok") {
    return {
      content: createStoryblokContent({
        accessToken: config.accessToken,
        previewToken: config.previewToken,
        region: config.region,
        rateLimit: config.rateLimit,
        contentVersionCheckIntervalMs: config.contentVersionCheckIntervalMs,
        fallbackForUnknownBlocks: config.fallbackForUnknownBlocks,
        logger,
      }),
      preview: config.previewToken && config.spaceId ? { spaceId: config.spaceId, previewToken: config.previewToken } : undefined,
      routes: [],
      embedded: undefined,
    };
  }
  const previewToken = config.previewToken ?? createHmac("sha256", shared.secret).update("embedded content preview token").digest("base64url").slice(0, 24);
  // A pulled tree of another space is read as it is: the space is the folder's. What changes on
  // disk while the site runs (another process on the same folder) is served without a restart.
  const live = watchContentStore(config.directory, { spaceId: config.spaceId, onProblem: (problem) => logger.warn("content.store-problem", { problem }) });
  for (const problem of live.current().problems) logger.warn("content.store-problem", { problem });
  // What the editor wrote through another server process is served here at once, too.
  siblingProcesses().hear(SIBLING_NOTES.contentWritten, () => live.reload());
  const spaceId = live.current().spaceId ?? config.spaceId;
  const api = createContentApi({
    store: () => live.current(),
    publicToken: config.publicToken,
    previewToken,
    spaceId,
    spaceName: "Túria Arena",
    rateLimitPerSecond: config.rateLimit,
    rateLimiters: shared.rateLimiters,
  });
  const embeddedOrigin = "http://embedded.content";
  const content = createStoryblokContent({
    accessToken: config.publicToken,
    previewToken,
    endpoint: `${embeddedOrigin}/v2`,
    rateLimit: config.rateLimit,
    contentVersionCheckIntervalMs: config.contentVersionCheckIntervalMs,
    fallbackForUnknownBlocks: config.fallbackForUnknownBlocks,
    logger,
    fetch: inProcessFetch(api.ownReads),
  });
  // A new content version: the cached content goes, and the page cache serves its pages as stale until each renders again.
  live.onChange((store) => {
    content.purge();
    logger.info("content.purged", { reason: "content folder changed", cv: store.contentVersion });
  });
  const images = createImageService({
    assetsDir: resolve(config.directory, "assets"),
    cacheBytes: config.imageCacheBytes,
    variants: createImageVariantFiles({ directory: shared.imageVariantsDirectory, maxBytes: IMAGE_VARIANT_FILES_BYTES }),
  });
  return {
    content,
    preview: { spaceId, previewToken },
    routes: [
      { path: "/v2/cdn", app: api.public },
      { path: "/", app: images },
    ],
    embedded: { store: live, directory: config.directory, spaceId },
  };
}
