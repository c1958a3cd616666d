import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";

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
