import type { Plugin } from "vite";

/** Vite's module that wraps every dynamic `import()` of the client build (`__vitePreload`). */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * What the wrapper still does on this site: a chunk that fails to load is announced as Vite
 * announces it (`vite:preloadError`, which the new-build notice listens to, SPEC §2) and rejects
 * unless a listener prevents it.
 */
const WRAPPER = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event("vite:preloadError", { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
`;

/**
 * Vite's wrapper preloads each dynamic import's CSS and imported chunks beside it: 1.7 KB minified
 * (0.6 KB gzipped) in the shell every page loads. This build has nothing for it to preload: one
 * stylesheet for the whole site (`cssCodeSplit: false`) and no module preloading
 * (`modulePreload: false`), so every call gets an empty list. The wrapper is replaced by its
 * failure path, and the build stops if either setting changes.
 */
export function dynamicImportWrapper(): Plugin {
  return {
    name: "arena:dynamic-import-wrapper",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      if (config.build.cssCodeSplit || config.build.modulePreload !== false) {
        throw new Error("dynamicImportWrapper() leaves out Vite's preloading: it needs build.cssCodeSplit and build.modulePreload both false");
      }
    },
    load(id) {
      if (id === PRELOAD_HELPER_ID && this.environment.name === "client") return WRAPPER;
    },
  };
}
