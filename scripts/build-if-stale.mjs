// Builds the site when dist/ is missing or older than the sources it was built from.
// The stamp is a hash of the sources' contents, so a checkout or an edit triggers a rebuild
// and nothing else does.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["core", "adapters", "composition", "ui", "kiosk", "locales", "content", "public", "+server.ts", "vite.config.ts", "scripts/vite-plugins", "package-lock.json", "tsconfig.json"];
const STAMP = "dist/.source-hash";

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(source)) {
      hash.update(file);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

export function buildIfStale({ log = console.log } = {}) {
  const hash = sourceHash();
  const upToDate = existsSync("dist/server/index.mjs") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash;
  if (upToDate) return false;
  log("Building the site (vike build)…");
  // Callers such as vitest set NODE_ENV=test, which would make React emit development JSX.
  const result = spawnSync(process.execPath, ["node_modules/vike/bin.js", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error(`vike build failed with exit code ${result.status}`);
  // The door kiosk (issue 54): a build of its own into dist/client/kiosk, after Vike's, which leaves it alone.
  const kiosk = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", "kiosk/vite.config.ts"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (kiosk.status !== 0) throw new Error(`the kiosk's vite build failed with exit code ${kiosk.status}`);
  writeFileSync(STAMP, hash);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
