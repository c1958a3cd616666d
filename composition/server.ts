import { dirname, resolve } from "node:path";
import { createHttpApp } from "../adapters/http/server/app";
import { createBundledMessages } from "../adapters/local/bundled-messages.adapter";
import { createConsoleLogger } from "../adapters/local/console-logger.adapter";
import { createSignedSessions, sessionSecretFrom } from "../adapters/local/signed-session.adapter";
import type { Logger, MessageCatalog, SessionVerifier } from "../core";
import { loadConfig, publicConfigOf, type AppConfig, type PublicConfig } from "./config";

/** The ports the server-side pages use, made once per process. */
export interface ServerServices {
  readonly config: AppConfig;
  readonly publicConfig: PublicConfig;
  readonly buildId: string;
  readonly logger: Logger;
  readonly sessions: SessionVerifier;
  readonly messages: MessageCatalog;
}

// The composition root: the one place that reads the environment and picks adapters.
let services: ServerServices | undefined;

export function serverServices(): ServerServices {
  if (!services) {
    const config = loadConfig(process.env);
    services = {
      config,
      publicConfig: publicConfigOf(config),
      buildId: __BUILD_ID__,
      logger: createConsoleLogger(),
      sessions: createSignedSessions(sessionSecretFrom(config.sessionSecret, config.dataDir)),
      messages: createBundledMessages(),
    };
  }
  return services;
}

const STORYBLOK_EDITOR = "https://app.storyblok.com";

export function createServerApp() {
  const { config, buildId, logger } = serverServices();
  return createHttpApp({
    production: config.production,
    buildId,
    locale: config.locale,
    routeRules: config.routeRules,
    bodyLimitBytes: config.bodyLimitBytes,
    frameAncestors: ["'self'", STORYBLOK_EDITOR],
    scriptOrigins: [config.scripts.cookieConsentUrl, config.scripts.liveChatUrl].flatMap((url) => (url ? [new URL(url).origin] : [])),
    // `node dist/server/index.mjs`: the client build sits beside the server build.
    clientDir: import.meta.env.PROD ? resolve(dirname(process.argv[1] ?? "dist/server/index.mjs"), "../client") : undefined,
    logger: config.logRequests ? logger : undefined,
  });
}
