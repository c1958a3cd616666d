import type { MiddlewareHandler } from "hono";

/** Folders that hold files only: the build's assets, its latest-build file, the content's assets. */
const FILE_FOLDERS = ["/assets/", "/_build/", "/a/"];

/**
 * A file that nothing served (`/assets/nothing.js`, `/apple-touch-icon.png`) is a 404 at once,
 * never a page: Vike would first redirect it to a trailing-slash path (`/assets/nothing.js/`),
 * then render its 404 page there. A path is a file's when it is under a folder of files or its
 * last segment has an extension; Vike's own page-context requests (`….pageContext.json`) stay its.
 */
export function missingFiles(): MiddlewareHandler {
  return async (c, next) => {
    if (!isFilePath(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    return c.text("Not Found", 404, { "Cache-Control": "no-cache" });
  };
}

function isFilePath(pathname: string): boolean {
  if (pathname.endsWith(".pageContext.json")) return false;
  return FILE_FOLDERS.some((folder) => pathname.startsWith(folder)) || /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf("/") + 1));
}
