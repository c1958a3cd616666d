import { Hono, type MiddlewareHandler } from "hono";
import type { Logger, LocaleSettings, MessageCatalog, RouteRule } from "../../../core";
import { apiError, apiErrorHandler } from "./api-error";
import { plainErrorsForBots } from "./bot-error.middleware";
import { previewResponses } from "./preview-responses.middleware";
import { compression } from "./compression.middleware";
import { healthRoute } from "./health.route";
import { missingFiles } from "./missing-files.middleware";
import { readOnlyPages } from "./page-methods.middleware";
import { pageRedirects } from "./page-redirects.middleware";
import { readyRoute, type ReadinessCheck } from "./ready.route";
import { requestDeadline } from "./request-deadline.middleware";
import { requestBodyLimit } from "./request-body-limit.middleware";
import { requestLog } from "./request-log.middleware";
import { sameSiteRedirects } from "./same-site-redirects.middleware";
import { securityHeaders } from "./security-headers.middleware";
import { servedHostsOnly } from "./served-hosts.middleware";
import { staticAssets } from "./static-assets.middleware";
import { siteStylesheetIn, unavailablePage } from "./unavailable-page";
import { vitePathsNotFound } from "./vite-paths.middleware";

export interface HttpAppOptions {
  readonly production: boolean;
  readonly buildId: string;
  readonly locale: LocaleSettings;
  readonly routeRules: readonly RouteRule[];
  readonly bodyLimitBytes: number;
  /** API paths that enforce a limit of their own (a CV upload's 5 MB, an editor's image) instead of `bodyLimitBytes`. */
  readonly ownBodyLimits?: readonly string[];
  /** Whether a Host header names this site; pages for other hosts get 421. Undefined: any host. */
  readonly isServedHost: ((host: string) => boolean) | undefined;
  readonly frameAncestors: readonly string[];
  readonly scriptOrigins: readonly string[];
  /** Script origins allowed on a preview's answers only (Storyblok's bridge). */
  readonly previewScriptOrigins?: readonly string[];
  /** The Auth emulator's origin when one is configured: the page's Firebase SDK calls it over plain http. */
  readonly emulatorOrigins?: readonly string[];
  /** The built client directory; undefined in development, where Vite serves the files. */
  readonly clientDir: string | undefined;
  /** Logs each request, and whatever a route throws. */
  readonly logger: Logger;
  /** One JSON line per request (LOG_REQUESTS); errors are logged either way. */
  readonly logRequests: boolean;
  /** How many proxies append to X-Forwarded-For (TRUSTED_PROXY): the request log's client address. */
  readonly trustedProxies?: number;
  /** The Google Cloud project log lines name their request's trace in (request-trace.ts). */
  readonly traceProjectId?: string;
  /** Past this, a request is answered 503 (an API error, or a page in the visitor's language) and its deadline signal aborts. */
  readonly requestDeadlineMs: number;
  /** The texts of the page that says the server could not answer in time. */
  readonly messages: MessageCatalog;
  /** `/api/ready`: what must answer, and whether the server still takes work (false from SIGTERM on). */
  readonly readiness: { readonly checks: readonly ReadinessCheck[]; readonly serving: () => boolean };
  /** Routes mounted before the page redirects (content API, images, SEO files), by path. */
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Takes forms posted to their page without JavaScript (see page-form-posts.middleware.ts). */
  readonly formPosts?: MiddlewareHandler;
  /** Runs just before Vike renders a page (the page cache). */
  readonly pageMiddleware: readonly MiddlewareHandler[];
}

const DEADLINE_RETRY_AFTER_S = 1;

/** Paths whose answers are the API's JSON, not pages. */
const isApiPath = (path: string) => path.startsWith("/api/") || path.startsWith("/_editor/api/") || path.startsWith("/v2/");

/**
 * The server in front of Vike: logging, security headers, compression, body limits, the API and
 * the redirects; whatever is left is a page, rendered by Vike (mounted by the caller).
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  const stylesheet = options.clientDir ? siteStylesheetIn(options.clientDir) : undefined;
  if (options.logRequests) app.use(requestLog(options.logger, { trustedProxies: options.trustedProxies, traceProjectId: options.traceProjectId }));
  // A stopping server closes each connection once its answer is sent: the balancer opens the next one elsewhere.
  app.use(async (c, next) => {
    await next();
    if (!options.readiness.serving()) c.res.headers.set("Connection", "close");
  });
  app.use(securityHeaders(options));
  app.use(compression());
  app.use(plainErrorsForBots());
  if (options.clientDir) app.use(staticAssets(options.clientDir));
  if (options.production) app.use(vitePathsNotFound());
  app.use(
    requestDeadline({
      ms: options.requestDeadlineMs,
      answer: (c) =>
        isApiPath(c.req.path) ? apiError(c, "deadline-passed", { retryAfterSeconds: DEADLINE_RETRY_AFTER_S }) : unavailablePage(c.req.raw, options.locale, options.messages, DEADLINE_RETRY_AFTER_S, stylesheet),
    }),
  );

  app.onError(apiErrorHandler(options.logger, options.traceProjectId));
  const apiBodyLimit = requestBodyLimit(options.bodyLimitBytes, (c) => apiError(c, "payload-too-large"));
  const ownBodyLimits = new Set(options.ownBodyLimits ?? []);
  const limitBody: MiddlewareHandler = (c, next) => (ownBodyLimits.has(c.req.path) ? next() : apiBodyLimit(c, next));
  app.use("/api/*", limitBody);
  // The editor's API too: its sign-in reads a body before anyone is known.
  app.use("/_editor/api/*", limitBody);
  app.route("/api/health", healthRoute(options.buildId));
  app.route("/api/ready", readyRoute({ checks: options.readiness.checks, serving: options.readiness.serving, logger: options.logger }));
  for (const route of options.routes) app.route(route.path, route.app);
  app.all("/api/*", (c) => apiError(c, "not-found"));
  app.use(missingFiles());

  if (options.isServedHost) app.use(servedHostsOnly(options.isServedHost));
  if (options.formPosts) app.use(options.formPosts);
  app.use(readOnlyPages());
  app.use(previewResponses());
  app.use(pageRedirects({ locale: options.locale, routeRules: options.routeRules }));
  app.use(sameSiteRedirects());
  for (const middleware of options.pageMiddleware) app.use(middleware);
  return app;
}
