import type { Hono, Handler } from "hono";
import { createHttpApp, type HttpAppOptions } from "../../../../../../adapters/http/server/app";
import { createBundledMessages } from "../../../../../../adapters/runtime/bundled-messages.adapter";
import { DEFAULT_LOCALE_SETTINGS, type Logger } from "../../../../../../core";

/** A logger that keeps its lines, for tests that read what was logged. */
export function keptLines() {
  const lines: { level: "info" | "warn" | "error"; event: string; fields: Record<string, unknown> }[] = [];
  const keep = (level: "info" | "warn" | "error") => (event: string, fields: Record<string, unknown> = {}) => void lines.push({ level, event, fields });
  const logger: Logger = { info: keep("info"), warn: keep("warn"), error: keep("error") };
  return { logger, lines };
}

/**
 * The site's HTTP app as production builds it (createHttpApp), with the given routes and
 * settings, and `page` where Vike's pages go (+server.ts mounts them so).
 */
export function siteApp(overrides: Partial<HttpAppOptions> & { readonly page?: Handler } = {}): Hono {
  const { page, ...options } = overrides;
  const app = createHttpApp(
    Object.assign(
      {
        production: true,
        buildId: "test",
        locale: DEFAULT_LOCALE_SETTINGS,
        routeRules: [],
        bodyLimitBytes: 1_048_576,
        isServedHost: undefined,
        frameAncestors: ["'self'"],
        scriptOrigins: [],
        clientDir: undefined,
        logger: keptLines().logger,
        logRequests: false,
        requestDeadlineMs: 15_000,
        messages: createBundledMessages(),
        readiness: { checks: [], serving: () => true },
        routes: [],
        pageMiddleware: [],
      } satisfies HttpAppOptions,
      options,
    ),
  );
  if (page) app.on(["GET", "HEAD", "POST"], "*", page);
  return app;
}
