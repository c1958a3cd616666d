import { Hono, type MiddlewareHandler } from "hono";
import type { Logger, LocaleSettings, RouteRule } from "../../../core";
import { apiError, apiErrorHandler } from "./api-error";
import { plainErrorsForBots } from "./bot-error.middleware";
import { previewResponses } from "./preview-responses.middleware";
import { compression } from "./compression.middleware";
import { healthRoute } from "./health.route";
import { missingFiles } from "./missing-files.middleware";
import { readOnlyPages } from "./page-methods.middleware";
import { pageRedirects } from "./page-redirects.middleware";
import { requestBodyLimit } from "./request-body-limit.middleware";
import { requestLog } from "./request-log.middleware";
import { sameSiteRedirects } from "./same-site-redirects.middleware";
import { securityHeaders } from "./security-headers.middleware";
import { servedHostsOnly } from "./served-hosts.middleware";
import { staticAssets } from "./static-assets.middleware";
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
  /** Routes mounted before the page redirects (content API, images, SEO files), by path. */
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Takes forms posted to their page without JavaScript (see page-form-posts.middleware.ts). */
  readonly formPosts?: MiddlewareHandler;
  /** Runs just before Vike renders a page (the page cache). */
  readonly pageMiddleware: readonly MiddlewareHandler[];
}

/**
 * The server in front of Vike: logging, security headers, compression, body limits, the API and
 * the redirects; whatever is left is a page, rendered by Vike (mounted by the caller).
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  if (options.logRequests) app.use(requestLog(options.logger));
  app.use(securityHeaders(options));
  app.use(compression());
  app.use(plainErrorsForBots());
  if (options.clientDir) app.use(staticAssets(options.clientDir));
  if (options.production) app.use(vitePathsNotFound());

  app.onError(apiErrorHandler(options.logger));
  const apiBodyLimit = requestBodyLimit(options.bodyLimitBytes, (c) => apiError(c, "payload-too-large"));
  const ownBodyLimits = new Set(options.ownBodyLimits ?? []);
  const limitBody: MiddlewareHandler = (c, next) => (ownBodyLimits.has(c.req.path) ? next() : apiBodyLimit(c, next));
  app.use("/api/*", limitBody);
  // The editor's API too: its sign-in reads a body before anyone is known.
  app.use("/_editor/api/*", limitBody);
  app.route("/api/health", healthRoute(options.buildId));
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
