import type { MiddlewareHandler } from "hono";

/** Paths that only Vite's development server answers: /@vite/client, /@fs/…, /@id/…, /@react-refresh, /__vite_ping, /node_modules/.vite/…. */
const VITE_PREFIXES = ["/@", "/__vite", "/node_modules/"];

/**
 * In production nothing answers Vite's own paths, and Vike refuses to render some of them with
 * an error (a 500, its stack written to the log each time): they get a plain 404 first. The path
 * is read as Vike reads it, each segment decoded, so /%40fs/… is /@fs/… too.
 */
export function vitePathsNotFound(): MiddlewareHandler {
  return async (c, next) => {
    const pathname = new URL(c.req.url).pathname.split("/").map(decodedSegment).join("/");
    if (!VITE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return next();
    return c.text("Not Found", 404, { "Cache-Control": "no-store" });
  };
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
