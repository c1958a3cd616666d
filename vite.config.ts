import react from "@vitejs/plugin-react";
import vike from "vike/plugin";
import { defineConfig, type Plugin } from "vite";
import { jsComposition } from "./scripts/vite-plugins/js-composition";
import { pageTexts } from "./scripts/vite-plugins/page-texts";

// One id for the client and server builds of one `vike build` (the config may be evaluated twice).
process.env.ARENA_BUILD_ID ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const buildId = process.env.ARENA_BUILD_ID;

/** Writes the latest-build file the browser polls to notice a new deployment (SPEC §7). */
function latestBuildFile(): Plugin {
  return {
    name: "arena:latest-build-file",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: "_build/latest.json", source: JSON.stringify({ id: buildId }) });
    },
  };
}

export default defineConfig({
  plugins: [vike(), react(), latestBuildFile(), jsComposition(), pageTexts("locales/es.json")],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // One stylesheet for the whole site: a phone fetches one small file instead of a dozen.
  build: { target: "es2022", cssCodeSplit: false },
});
