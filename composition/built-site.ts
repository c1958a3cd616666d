import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Logger } from "../core";

/**
 * The folder of the production build (`dist/`), found from a file of its server build: Vike builds
 * `<dist>/server/...` beside `<dist>/client/`, and the chunk this code lands in may sit a folder or
 * two below `server/`. The process's own script would not do: `npm start` on one process runs the
 * server inside scripts/serve.mjs. Without the client build the site would answer every page with
 * no script or style, so a server that cannot find it does not start.
 */
export function builtSiteDir(serverFile: string): string {
  for (let dir = dirname(serverFile); dir !== dirname(dir); dir = dirname(dir)) {
    if (basename(dir) === "server" && existsSync(join(dirname(dir), "client"))) return dirname(dir);
  }
  throw new Error(`No client build beside the server build that holds ${serverFile}: run \`npm run build\``);
}

/** What the site does without each note the build writes beside the client (scripts/vite-plugins). */
const WITHOUT_NOTE = {
  "page-texts.json": "every page is sent every text of the site",
  "block-texts.json": "every page is sent the texts of every block",
  "block-chunks.json": "a page's blocks' code is not asked for in its head, but found one round trip later",
} as const;

export type BuildNote = keyof typeof WITHOUT_NOTE;

/**
 * A list per name that the build wrote beside the client build (scripts/vite-plugins: page-texts.ts
 * writes the texts' notes, block-chunks.ts the chunks'). Without it the site still works, only
 * heavier or slower, so a missing note (a build copied in part) is logged with what it costs rather
 * than stopping the server.
 */
export function readBuildNote(dist: string, name: BuildNote, logger: Logger): ReadonlyMap<string, readonly string[]> | undefined {
  const file = join(dist, name);
  if (!existsSync(file)) {
    logger.warn("build.note-missing", { file, consequence: WITHOUT_NOTE[name], fix: "run `npm run build`" });
    return undefined;
  }
  return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>));
}
