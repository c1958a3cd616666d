import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** Where the template's list of files to keep goes. */
const FILES_PLACEHOLDER = "__KIOSK_SHELL_FILES__";

/** The service worker's source: the template with the addresses of the files it keeps for offline starts. */
export function kioskServiceWorkerSource(template: string, files: readonly string[]): string {
  if (!template.includes(FILES_PLACEHOLDER)) throw new Error(`The kiosk's service worker template has no ${FILES_PLACEHOLDER}`);
  return template.replace(FILES_PLACEHOLDER, JSON.stringify(files));
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
      const built = Object.keys(bundle).filter((file) => file !== "index.html" && !file.endsWith(".map"));
      const files = [...built, ...readdirSync(options.publicDir)].sort().map((file) => `${options.base}${file}`);
      this.emitFile({ type: "asset", fileName: "sw.js", source: kioskServiceWorkerSource(readFileSync(options.template, "utf8"), files) });
    },
  };
}

export const KIOSK_SERVICE_WORKER_TEMPLATE = join(import.meta.dirname, "../../kiosk/service-worker.js");
