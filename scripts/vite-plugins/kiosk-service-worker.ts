import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** Where the template's list of files to keep goes, and its cache's name. */
const FILES_PLACEHOLDER = "__KIOSK_SHELL_FILES__";
const CACHE_PLACEHOLDER = "__KIOSK_SHELL_CACHE__";
/** Every cache the kiosk's workers make is named so: a new one deletes the others, and only those. */
export const KIOSK_CACHE_PREFIX = "arena-kiosk-shell-";

/** One file the service worker keeps: its address and its bytes. */
export interface KeptFile {
  readonly address: string;
  readonly content: string | Uint8Array;
}

/**
 * The cache's name for a build: derived from every file it keeps and from the worker's own code,
 * so a build that changes any of them has a cache of its own (the old one deleted when it
 * activates), and a build that changes none keeps the gates' cache as it is.
 */
export function kioskCacheName(template: string, files: readonly KeptFile[]): string {
  const hash = createHash("sha256").update(template);
  for (const file of [...files].sort((a, b) => (a.address < b.address ? -1 : 1))) hash.update(`\0${file.address}\0`).update(file.content);
  return `${KIOSK_CACHE_PREFIX}${hash.digest("hex").slice(0, 16)}`;
}

/** The service worker's source: the template with its cache's name and the addresses of the files it keeps for offline starts. */
export function kioskServiceWorkerSource(template: string, files: readonly KeptFile[]): string {
  for (const placeholder of [FILES_PLACEHOLDER, CACHE_PLACEHOLDER]) if (!template.includes(placeholder)) throw new Error(`The kiosk's service worker template has no ${placeholder}`);
  return template
    .replace(CACHE_PLACEHOLDER, JSON.stringify(kioskCacheName(template, files)))
    .replace(FILES_PLACEHOLDER, JSON.stringify(files.map((file) => file.address).sort()));
}

/**
 * Writes the door kiosk's service worker (issue 54) as `sw.js` beside its build: every file of the
 * build (the chunks loaded later too, such as the QR decoder a browser without BarcodeDetector
 * needs) and of its public folder, by address under `base`; the page itself the worker keeps as
 * `base`. Reading the page's tags at install time would miss a chunk only loaded on demand.
 */
export function kioskServiceWorker(options: { readonly template: string; readonly publicDir: string; readonly base: string }): Plugin {
  return {
    name: "arena:kiosk-service-worker",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      // The page is kept as `base` (the worker fetches it afresh at install): its bytes name the cache all the same.
      const built = Object.values(bundle)
        .filter((output) => !output.fileName.endsWith(".map"))
        .map((output) => ({ address: `${options.base}${output.fileName === "index.html" ? "" : output.fileName}`, content: output.type === "chunk" ? output.code : output.source }));
      const kept = readdirSync(options.publicDir).map((file) => ({ address: `${options.base}${file}`, content: readFileSync(join(options.publicDir, file)) }));
      const template = readFileSync(options.template, "utf8");
      this.emitFile({ type: "asset", fileName: "sw.js", source: kioskServiceWorkerSource(template, [...built, ...kept]) });
    },
  };
}

export const KIOSK_SERVICE_WORKER_TEMPLATE = join(import.meta.dirname, "../../kiosk/service-worker.js");
