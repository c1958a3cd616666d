import { readdirSync } from "node:fs";
import react from "@vitejs/plugin-react";
import vike from "vike/plugin";
import { defineConfig, type Plugin } from "vite";
import { blockChunks } from "./scripts/vite-plugins/block-chunks.ts";
import { compileHints } from "./scripts/vite-plugins/compile-hints.ts";
import { dynamicImportWrapper } from "./scripts/vite-plugins/dynamic-import-wrapper.ts";
import { jsComposition } from "./scripts/vite-plugins/js-composition.ts";
import { pageTexts } from "./scripts/vite-plugins/page-texts.ts";
import { buildMetaPath } from "./core/domain/build/build-meta.ops.ts";

// One id for the client and server builds of one `vike build` (the config may be evaluated twice).
process.env.ARENA_BUILD_TIME ??= String(Date.now());
process.env.ARENA_BUILD_ID ??= `${Number(process.env.ARENA_BUILD_TIME).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const buildId = process.env.ARENA_BUILD_ID;
const builtAt = Number(process.env.ARENA_BUILD_TIME);

/**
 * Writes the latest-build file the browser polls to notice a new deployment, and this build's
 * metadata file, which the check reads before it offers a build (SPEC §7; `isNewerBuild`).
 */
function latestBuildFile(): Plugin {
  return {
    name: "arena:latest-build-file",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      const meta = JSON.stringify({ id: buildId, builtAt });
      this.emitFile({ type: "asset", fileName: "_build/latest.json", source: meta });
      this.emitFile({ type: "asset", fileName: buildMetaPath(buildId).slice(1), source: meta });
    },
  };
}

/** How many pages the site has: code every one of them loads is the site's shell. */
const PAGE_COUNT = readdirSync("ui/pages", { recursive: true }).filter((file) => String(file).endsWith("+Page.tsx")).length;

/** The chunk groups every page loads and runs while loading (below): compiled eagerly, off the main thread. */
const EVERY_PAGE_GROUPS = ["react", "shell"];

/** The blocks' shared frame: ui/blocks/block-*, the rich text's blocks, the content title, dates. */
const BLOCK_FRAME = /[\\/]ui[\\/](blocks[\\/](block-|use-rich-text)|components[\\/]content-title[\\/])|[\\/]core[\\/]domain[\\/]locale[\\/]locale-format/;

export default defineConfig({
  plugins: [vike(), react(), dynamicImportWrapper(), compileHints(EVERY_PAGE_GROUPS), latestBuildFile(), jsComposition(), pageTexts("locales/es.json"), blockChunks()],
  define: { __BUILD_ID__: JSON.stringify(buildId), __BUILD_TIME__: JSON.stringify(builtAt) },
  // One stylesheet for the whole site: a phone fetches one small file instead of a dozen. No
  // preloading of a lazy chunk's imports by Vite: its lists of every chunk's imports weighed 2 KB
  // on every page. The HTML asks for what a page needs up front (Vike's tags, the blocks'); code
  // loaded later finds its imports one round trip later, hidden on navigation by Vike's prefetch
  // on hover.
  build: { target: "es2022", cssCodeSplit: false, modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Left alone, the bundler makes a chunk of every set of modules that the same pages and
            // blocks share: dozens of tiny files that gzip badly, each a round trip on a phone's
            // HTTP/1.1 connections (six at a time). Groups instead: the CSS modules' class names of
            // the shared components and of the blocks, React, the shell every page loads, and
            // families of code that several pages or blocks share. The families come after the
            // shell (lower priority), so the shell keeps what every page needs and never imports a
            // family. A family takes its modules' imports along, so none holds a module that imports
            // Effect or XState, which content pages load only when first needed
            // (tests/e2e/page-javascript.test.ts).
            codeSplitting: {
              groups: [
                { name: "styles", test: /[\\/]ui[\\/](components|blocks)[\\/].*\.module\.css$/, priority: 3 },
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                { name: "shell", test: (id) => !id.includes("node_modules") || id.includes("vike-react"), tags: ["$initial"], minShareCount: PAGE_COUNT, priority: 1 },
                // What nearly every block draws: its section, its heading, its dates.
                { name: "block-frame", test: BLOCK_FRAME, minShareCount: 2, priority: 0 },
                // The event cards and grids of the home, the events listing, the event page and their blocks.
                { name: "event-cards", test: /[\\/]ui[\\/]components[\\/](event-card|event-grid)[\\/]/, minShareCount: 2, priority: 0 },
                // A page's introduction, its structured data and its data hook (most pages, not all).
                { name: "page-parts", test: /[\\/]ui[\\/]components[\\/](page-intro|structured-data)[\\/]|vike-react[\\/]dist[\\/]hooks[\\/]useData/, minShareCount: 2, priority: 0 },
                // The lead forms' rules that import neither Effect nor XState (their schemas and machine do).
                { name: "lead-form-rules", test: /[\\/]core[\\/]domain[\\/](forms[\\/](lead-form-fields|form)\.settings|forms[\\/]form\.view|forms[\\/](cv-file|form-start)\.ops|feedback[\\/])/, minShareCount: 2, priority: 0 },
                // The form fields of the lead forms and the account pages.
                { name: "form-fields", test: /[\\/]ui[\\/]components[\\/](form-field|text-with-link)[\\/]/, minShareCount: 2, priority: 0 },
                // A lead form, and the hook that starts a form's machine on first use, which the account forms run on too:
                // the account pages load the lead form anyway (the footer's newsletter), so they load nothing more.
                { name: "lead-form", test: /[\\/]ui[\\/]shell[\\/](lead-form[\\/](LeadForm\.tsx|use-lead-form\.ts|typed-before-hydration\.ts)|form[\\/]use-lazy-form\.ts)$/, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});
