import type { MiddlewareHandler } from "hono";
import { isBot } from "../../../core";

/** SPEC §2: error pages are not rendered for bots; they get the status and a one-line body. */
export function plainErrorsForBots(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 400 || !isBot(c.req.header("User-Agent"))) return;
    if (!(c.res.headers.get("Content-Type") ?? "").includes("text/html")) return;
    await c.res.body?.cancel();
    const text = status === 404 ? "404 Not Found" : `${status} Error`;
    c.res = new Response(text, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  };
}
