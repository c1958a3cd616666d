import type { Plugin, Rolldown } from "vite";

/** V8's explicit compile hint (Chrome 136+): compile every function of this file along with the file. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the client chunks of the given groups (React and the shell: nearly all of the code every page
 * runs while it loads) with V8's explicit compile hint. Chromium then compiles their functions while
 * it streams the file, on a background thread, instead of on the main thread the first time each is
 * called: that lazy compiling was about a third of the main thread's JavaScript while the home
 * loaded, and long tasks there are what Lighthouse's Total Blocking Time counts. Other chunks stay
 * lazily compiled: they are small, or loaded later, and much of their code never runs on a visit.
 * Browsers without the hint read a comment.
 */
export function compileHints(groups: readonly string[]): Plugin {
  return {
    name: "arena:compile-hints",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const output of Object.values(bundle)) if (output.type === "chunk" && groups.includes(output.name)) hint(output);
    },
  };
}

function hint(chunk: Rolldown.OutputChunk) {
  chunk.code = COMPILE_HINT + chunk.code;
  // The code moved down one line: so do its source map's mappings (one ";" per generated line).
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
}
