import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { Hono } from "hono";
import { createContentApi, inProcessFetch } from "../adapters/local/embedded-content/api/content-api.routes";
import { createImageService } from "../adapters/http/server/image-service.route";
import { loadContentStore } from "../adapters/local/embedded-content/store/content-store.adapter";
import { createStoryblokContent } from "../adapters/storyblok/storyblok-content.adapter";
import type { ContentPort, Logger } from "../core";
import type { ContentConfig } from "./config";

export interface ContentWiring {
  readonly content: ContentPort;
  /** Checks editor preview links: Storyblok signs them with the space id and preview token. */
  readonly preview: { readonly spaceId: number; readonly previewToken: string } | undefined;
  /** The embedded API and image service, when content is embedded. */
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
}

/**
 * Storyblok's CDN when a token is configured; otherwise the embedded Storyblok-compatible API
 * over content/, which the same storyblok-js-client adapter talks to through the API's own
 * fetch handler (the full HTTP contract, without a socket to itself).
 */
export function wireContent(config: ContentConfig, logger: Logger): ContentWiring {
  if (config.source === "storyblok") {
    return {
      content: createStoryblokContent({
        accessToken: config.accessToken,
        previewToken: config.previewToken,
        region: config.region,
        rateLimit: config.rateLimit,
        cvCheckIntervalMs: config.cvCheckIntervalMs,
        logger,
      }),
      preview: config.previewToken && config.spaceId ? { spaceId: config.spaceId, previewToken: config.previewToken } : undefined,
      routes: [],
    };
  }
  const previewToken = config.previewToken ?? randomBytes(18).toString("base64url");
  // A pulled tree of another space is read as it is: the space is the folder's.
  const store = loadContentStore(config.directory, { spaceId: config.spaceId });
  for (const problem of store.problems) logger.warn("content.store-problem", { problem });
  const spaceId = store.spaceId ?? config.spaceId;
  const api = createContentApi({
    store,
    publicToken: config.publicToken,
    previewToken,
    spaceId,
    spaceName: "Túria Arena",
    rateLimitPerSecond: config.rateLimit,
  });
  const embeddedOrigin = "http://embedded.content";
  const content = createStoryblokContent({
    accessToken: config.publicToken,
    previewToken,
    endpoint: `${embeddedOrigin}/v2`,
    rateLimit: config.rateLimit,
    cvCheckIntervalMs: config.cvCheckIntervalMs,
    logger,
    fetch: inProcessFetch(api.ownReads),
  });
  const images = createImageService({ assetsDir: resolve(config.directory, "assets"), cacheBytes: config.imageCacheBytes });
  return {
    content,
    preview: { spaceId, previewToken },
    routes: [
      { path: "/v2/cdn", app: api.public },
      { path: "/", app: images },
    ],
  };
}
