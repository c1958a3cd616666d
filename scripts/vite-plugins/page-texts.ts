import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin, Rolldown } from "vite";

/** The file beside `dist/client` that the server reads: per page, the text keys its browser code uses. */
export const PAGE_TEXTS_FILE = "page-texts.json";

type Tree = { readonly [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

// A key is written out in full in the code (a test holds the code to that), so it survives
// minification as a string literal of its own.
const STRING_LITERAL = /(["'`])([A-Za-z][\w]*(?:\.[\w]+)+)\1/g;

/**
 * Writes which texts each page's browser code can ask for: the keys found in the chunks the page
 * loads or may load later (its static and dynamic imports, other pages' entries aside). The server sends the browser only
 * those, in the page's language, instead of a whole catalog per language.
 */
export function pageTexts(catalogFile: string): Plugin {
  return {
    name: "arena:page-texts",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const known = new Set(keysOf(JSON.parse(readFileSync(catalogFile, "utf8")) as Tree));
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])));
      const keysInChunk = (chunk: Rolldown.OutputChunk) => [...chunk.code.matchAll(STRING_LITERAL)].map((match) => match[2]!).filter((key) => known.has(key));

      const byPage: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const pageId = pageIdOf(chunk);
        if (!pageId) continue;
        const keys = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const reached = chunks.get(fileName);
          // Another page's entry is loaded to navigate there, and that page brings its own texts.
          if (!reached || seen.has(fileName) || (reached !== chunk && pageIdOf(reached))) return;
          seen.add(fileName);
          for (const key of keysInChunk(reached)) keys.add(key);
          for (const next of [...reached.imports, ...reached.dynamicImports]) visit(next);
        };
        visit(chunk.fileName);
        byPage[pageId] = [...keys].sort();
      }
      // A client-side navigation that fails lands on the error page with no texts of its own: the
      // browser keeps the last page's, so every page carries the error page's too.
      const errorPageKeys = Object.entries(byPage).find(([pageId]) => pageId.endsWith("/_error"))?.[1] ?? [];
      for (const pageId of Object.keys(byPage)) byPage[pageId] = [...new Set([...byPage[pageId]!, ...errorPageKeys])].sort();
      writeFileSync(join(dirname(options.dir), PAGE_TEXTS_FILE), JSON.stringify(byPage, null, 1));
    },
  };
}

/** Vike's page entries are `virtual:vike:page-entry:client:<pageId>`. */
function pageIdOf(chunk: Rolldown.OutputChunk): string | undefined {
  const match = chunk.isEntry ? /virtual:vike:page-entry:client:(.+)$/.exec(chunk.facadeModuleId ?? "") : null;
  return match?.[1];
}
