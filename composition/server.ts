import { sessionSecretOf } from "./session-secret";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { createHttpApp } from "../adapters/http/server/app";
import { nodeExecutionContext } from "../adapters/http/server/node-execution-context";
import { BACKGROUND_REQUEST } from "../adapters/http/server/request-log.middleware";
import { pageCache } from "../adapters/http/server/page-cache.middleware";
import { sharedPageHeaders } from "../adapters/http/server/shared-page-headers.middleware";
import { hostMatcher } from "../adapters/http/server/served-hosts.middleware";
import { contentPreviewRoute } from "../adapters/http/server/content-preview.route";
import { contentWebhookRoute } from "../adapters/http/server/content-webhook.route";
import { authActionRoute } from "../adapters/http/server/auth-action.route";
import { eventCalendarRoute } from "../adapters/http/server/event-calendar.route";
import { seoRoutes } from "../adapters/http/server/seo.routes";
import { SIBLING_NOTES, siblingProcesses } from "../adapters/http/server/sibling-processes";
import { createServerLifecycle, type ServerLifecycle } from "../adapters/http/server/server-lifecycle";
import { createBundledMessages } from "../adapters/runtime/bundled-messages.adapter";
import { createConsoleLogger, routeConsoleErrors } from "../adapters/runtime/console-logger.adapter";
import { warnOfLocalesWithoutDomain } from "./locale-domains";
import type { ContentPort, Logger, MailPort, MessageCatalog, RateLimiters, RequestSessionVerifier, UserProfilePort } from "../core";
import { wireAccounts, type AccountsWiring } from "./accounts";
import { readinessChecks } from "./readiness";
import { builtSiteDir, readBuildNote, type BuildNote } from "./built-site";
import { loadConfig, publicConfigOf, type AppConfig, type PublicConfig } from "./config";
import { wireContent, type ContentWiring } from "./content";
import { wireEditor } from "./editor";
import { wireForms, type FormsWiring } from "./forms";
import { wirePayments } from "./payments";
import { wireRateLimits } from "./rate-limits";
import { wireSharedCache, type PublishedStoryPurge } from "./shared-cache";
import { wireCheckIns } from "./check-ins";
import { wireTickets, type TicketsWiring } from "./tickets";

/** The ports the server-side pages use, made once per process. */
export interface ServerServices {
  readonly config: AppConfig;
  readonly publicConfig: PublicConfig;
  readonly buildId: string;
  readonly logger: Logger;
  readonly sessions: RequestSessionVerifier;
  readonly messages: MessageCatalog;
  /** Per page id, the text keys its browser code uses; undefined when unknown (development): every text. */
  readonly pageTextKeys: ReadonlyMap<string, readonly string[]> | undefined;
  /** Per block module, the text keys its browser code uses; undefined when unknown (development). */
  readonly blockTextKeys: ReadonlyMap<string, readonly string[]> | undefined;
  /** Per block module, the chunks the browser loads for it; undefined in development (loaded on demand). */
  readonly blockChunks: ReadonlyMap<string, readonly string[]> | undefined;
  readonly content: ContentPort;
  readonly preview: ContentWiring["preview"];
  readonly contentRoutes: ContentWiring["routes"];
  /** The embedded editor (its API, and the session check of its page); undefined with Storyblok. */
  readonly editor: ReturnType<typeof wireEditor>;
  readonly userProfiles: UserProfilePort;
  readonly mail: MailPort;
  readonly accountRoutes: AccountsWiring["routes"];
  /** The door kiosks' API (issue 54). */
  readonly checkInRoutes: ReturnType<typeof wireCheckIns>["routes"];
  readonly forms: FormsWiring;
  readonly tickets: TicketsWiring;
  /** Shared by every server process on the same DATA_DIR, and on Firebase by every instance. */
  readonly rateLimiters: RateLimiters;
  /** Purges a published story's pages from the CDN in front, if one is configured. */
  readonly purgePublished: PublishedStoryPurge;
  /** Serving until SIGTERM; then draining, the background work stopped, exit 0 (+server.ts starts it on the server). */
  readonly lifecycle: ServerLifecycle;
  /** What `/api/ready` asks: the stores and the content source. */
  readonly readiness: ReturnType<typeof readinessChecks>;
}

// The composition root: the one place that reads the environment and picks adapters.
let services: ServerServices | undefined;

export function serverServices(): ServerServices {
  if (!services) {
    const config = loadConfig(process.env);
    const logger = createConsoleLogger();
    // In development Vite and Vike print their errors for the developer to read, as they are.
    if (config.production) routeConsoleErrors(logger);
    warnOfLocalesWithoutDomain(config.locale, config.publicOrigin, logger);
    // Several server processes (scripts/serve.mjs), and on Firebase several instances, count requests together.
    const { rateLimiters, failureCounters, instanceRateLimiters } = wireRateLimits(config);
    const content = wireContent(config.content, logger, {
      // The embedded API's public limit is requests per second: the instance's own work.
      rateLimiters: instanceRateLimiters,
      secret: sessionSecretOf(config),
      imageVariantsDirectory: join(config.dataDir, "image-variants"),
    });
    const messages = createBundledMessages();
    // The data export reads the forms' inbox, which is wired once the accounts' database exists.
    let forms: FormsWiring | undefined;
    let tickets: TicketsWiring | undefined;
    const accounts = wireAccounts(config, logger, messages, { rateLimiters, failureCounters }, {
      submissionsOf: async (uid) => (forms ? forms.inbox.list({ userId: uid }) : []),
      ordersOf: async (uid) => (tickets ? tickets.sales.ordersOf(uid) : []),
      forgetUser: async (uid) => tickets?.store.forgetUser(uid),
    });
    accounts.mailDelivery.start();
    forms = wireForms(config, accounts, content.content, logger, rateLimiters);
    forms.unattachedPurge.start();
    tickets = wireTickets(config, { db: accounts.db, mail: accounts.mail, userProfiles: accounts.userProfiles, sessions: accounts.sessions, content: content.content, payments: wirePayments(config), logger, rateLimiters });
    tickets.holdSweep.start();
    tickets.waitingRoom.advance.start();
    const purgePublished = wireSharedCache(config, logger);
    const background = [accounts.mailDelivery, forms.unattachedPurge, tickets.holdSweep, tickets.waitingRoom.advance];
    services = {
      config,
      publicConfig: publicConfigOf(config),
      buildId: __BUILD_ID__,
      logger,
      content: content.content,
      preview: content.preview,
      contentRoutes: content.routes,
      editor: wireEditor(config, content, logger, accounts.db, { rateLimiters, failureCounters }, purgePublished),
      sessions: accounts.sessions,
      userProfiles: accounts.userProfiles,
      mail: accounts.mail,
      accountRoutes: accounts.routes,
      checkInRoutes: wireCheckIns(config, { db: accounts.db, sessions: accounts.sessions, tickets: tickets.store, verificationKeys: tickets.signer.publicKeys, content: content.content }).routes,
      forms,
      tickets,
      rateLimiters,
      purgePublished,
      lifecycle: createServerLifecycle({
        drainMs: config.lifecycle.drainMs,
        graceMs: config.lifecycle.graceMs,
        logger,
        // The mail delivery loop hands its lease back; the periodic tasks end their round.
        stopWork: () => Promise.all(background.map((work) => work.stop())),
      }),
      readiness: readinessChecks(config, { db: accounts.db, content: content.content }),
      messages,
      pageTextKeys: buildNote("page-texts.json", logger),
      blockTextKeys: buildNote("block-texts.json", logger),
      blockChunks: buildNote("block-chunks.json", logger),
    };
  }
  return services;
}

let distDir: string | undefined;

/**
 * The production build's folder, where the client build and the build's notes sit; none in
 * development. Found on first use, inside the server's start, so that a server without a client
 * build stops with a failing exit code (+server.ts) instead of the 0 of an error while loading.
 */
function builtSite(): string | undefined {
  if (!import.meta.env.PROD) return undefined;
  return (distDir ??= builtSiteDir(fileURLToPath(import.meta.url)));
}

/** A note of the production build (built-site.ts); none in development, where nothing is built. */
function buildNote(name: BuildNote, logger: Logger): ReadonlyMap<string, readonly string[]> | undefined {
  const dist = builtSite();
  return dist ? readBuildNote(dist, name, logger) : undefined;
}

const STORYBLOK_EDITOR = "https://app.storyblok.com";

/** The content whose purge (a publish webhook, which reaches one process) purges every server process's cache. */
function purgedEverywhere(content: ContentPort): ContentPort {
  const siblings = siblingProcesses();
  siblings.hear(SIBLING_NOTES.contentPurged, () => content.purge());
  return {
    ...content,
    purge() {
      content.purge();
      siblings.tell(SIBLING_NOTES.contentPurged);
    },
  };
}

export function createServerApp() {
  const { config, buildId, logger, content, contentRoutes, editor, preview, accountRoutes, checkInRoutes, forms, tickets, rateLimiters, purgePublished, messages, lifecycle, readiness } = serverServices();
  const dist = builtSite();
  const refreshContext = nodeExecutionContext(logger);
  const app: Hono = createHttpApp({
    production: config.production,
    buildId,
    locale: config.locale,
    routeRules: config.routeRules,
    bodyLimitBytes: config.bodyLimitBytes,
    ownBodyLimits: [...forms.ownBodyLimits, ...(editor?.ownBodyLimits ?? [])],
    isServedHost: config.production ? hostMatcher(config.publicOrigin, [...Object.values(config.locale.domains), ...config.allowedHosts]) : undefined,
    frameAncestors: ["'self'", STORYBLOK_EDITOR],
    scriptOrigins: [...new Set([config.scripts.cookieConsentUrl, config.scripts.liveChatUrl].flatMap((url) => (url ? [new URL(url).origin] : [])))],
    // Storyblok's bridge script, in its visual editor's preview only (the embedded editor needs none).
    previewScriptOrigins: config.content.source === "storyblok" ? [STORYBLOK_EDITOR] : [],
    emulatorOrigins: config.identity.provider === "firebase" && config.identity.emulatorUrl ? [config.identity.emulatorUrl] : [],
    clientDir: dist && resolve(dist, "client"),
    logger,
    logRequests: config.logRequests,
    trustedProxies: config.trustedProxies,
    traceProjectId: config.traceProjectId,
    requestDeadlineMs: config.lifecycle.requestDeadlineMs,
    messages,
    readiness: { checks: readiness, serving: lifecycle.serving },
    routes: [
      ...contentRoutes,
      ...(editor?.routes ?? []),
      // Before the account routes: /api/account/contact-details answers anonymous visitors too.
      ...forms.routes,
      ...accountRoutes,
      ...tickets.routes,
      ...checkInRoutes,
      { path: "/", app: seoRoutes({ content, locale: config.locale, publicOrigin: config.publicOrigin }) },
      { path: "/api/content/preview", app: contentPreviewRoute({ content, preview }) },
      { path: "/auth/action", app: authActionRoute({ locale: config.locale }) },
      { path: "/api/events", app: eventCalendarRoute({ content, locale: config.locale, publicOrigin: config.publicOrigin }) },
      ...(config.content.webhookSecret
        ? [{ path: "/api/content/webhook", app: contentWebhookRoute({ content: purgedEverywhere(content), secret: config.content.webhookSecret, logger, rateLimiters, onPublished: purgePublished }) }]
        : []),
    ],
    formPosts: forms.formPosts,
    pageMiddleware: [
      sharedPageHeaders({ policy: config.sharedCache, shared: config.locale.strategy !== "no_prefix" }),
      ...(config.pageCacheEntries > 0
        ? [
            pageCache({
              contentVersion: () => content.cacheVersion(),
              maxEntries: config.pageCacheEntries,
              keyByHost: Object.keys(config.locale.domains).length > 0,
              // Without a locale in the URL a page's language depends on the visitor: nothing to share.
              shared: config.locale.strategy !== "no_prefix",
              // Through the whole site, as a visitor's request goes: its hosts, redirects, headers.
              refreshPage: (url) => app.fetch(new Request(url), BACKGROUND_REQUEST, refreshContext),
            }),
          ]
        : []),
    ],
  });
  return app;
}
