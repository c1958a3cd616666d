import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin, Rolldown } from "vite";
import { HERO_SLIDER_MODULE } from "../../ui/blocks/block-modules.ts";
import { blockModuleOf } from "./block-chunks.ts";

/** The file beside `dist/client` that the server reads: per page, the text keys its browser code uses. */
export const PAGE_TEXTS_FILE = "page-texts.json";
/**
 * Beside it: per module of a story's block (ui/blocks/<Module>.tsx, and the hero slider, which shows
 * a story's hero slides), the keys its code uses; a page gets those of the blocks it shows.
 */
export const BLOCK_TEXTS_FILE = "block-texts.json";

/**
 * The tab's identity provider (composition/identity-browser.ts and the adapters it loads): every
 * page's API client asks it for the signed-in user's token, but only the account pages show what it
 * refuses, and their own chunks (the account machine's) hold those texts.
 */
const IDENTITY_FILE = /[\\/]composition[\\/]identity-browser\.ts$/;

const HERO_SLIDER_FILE = new RegExp(`[\\\\/]ui[\\\\/]components[\\\\/]hero-slider[\\\\/]${HERO_SLIDER_MODULE}\\.tsx$`);

type Tree = { readonly [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

// A key is written out in full in the code (a test holds the code to that), so it survives
// minification as a string literal of its own.
const STRING_LITERAL = /(["'`])([A-Za-z][\w]*(?:\.[\w]+)+)\1/g;

/**
 * Writes which texts each page's browser code can ask for: the keys found in the chunks the page
 * loads or may load later (its static and dynamic imports, other pages' entries and the blocks'
 * chunks aside), and which texts each block's code asks for. The server sends the browser only
 * those of the page and of the blocks it shows, in the page's language, instead of a whole catalog
 * per language.
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

      // Another page's entry is loaded to navigate there, and that page brings its own texts; a
      // block's chunk is loaded for the pages that show it, which bring its texts; the identity
      // provider's refusals are the account pages' to show.
      const bringsOwnTexts = (chunk: Rolldown.OutputChunk) => pageIdOf(chunk) !== undefined || storyBlockModuleOf(chunk) !== undefined || IDENTITY_FILE.test(chunk.facadeModuleId ?? "");
      const keysFrom = (start: Rolldown.OutputChunk) => {
        const keys = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const reached = chunks.get(fileName);
          if (!reached || seen.has(fileName) || (reached !== start && bringsOwnTexts(reached))) return;
          seen.add(fileName);
          for (const key of keysInChunk(reached)) keys.add(key);
          for (const next of [...reached.imports, ...reached.dynamicImports]) visit(next);
        };
        visit(start.fileName);
        return [...keys].sort();
      };
      const byPage: Record<string, string[]> = {};
      const byBlock: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const pageId = pageIdOf(chunk);
        const blockModule = storyBlockModuleOf(chunk);
        if (pageId) byPage[pageId] = keysFrom(chunk);
        else if (blockModule) byBlock[blockModule] = keysFrom(chunk);
      }
      // A client-side navigation that fails lands on the error page with no texts of its own: the
      // browser keeps the last page's, so every page carries the error page's too.
      const errorPageKeys = Object.entries(byPage).find(([pageId]) => pageId.endsWith("/_error"))?.[1] ?? [];
      for (const pageId of Object.keys(byPage)) byPage[pageId] = [...new Set([...byPage[pageId]!, ...errorPageKeys])].sort();
      writeFileSync(join(dirname(options.dir), PAGE_TEXTS_FILE), JSON.stringify(byPage, null, 1));
      writeFileSync(join(dirname(options.dir), BLOCK_TEXTS_FILE), JSON.stringify(byBlock, null, 1));
    },
  };
}

/** The module a chunk is the code of, if it is one that shows a story's blocks: a block's, or the hero slider's (loaded on demand). */
function storyBlockModuleOf(chunk: Rolldown.OutputChunk): string | undefined {
  if (chunk.isDynamicEntry && HERO_SLIDER_FILE.test(chunk.facadeModuleId ?? "")) return HERO_SLIDER_MODULE;
  return blockModuleOf(chunk);
}

/** Vike's page entries are `virtual:vike:page-entry:client:<pageId>`. */
function pageIdOf(chunk: Rolldown.OutputChunk): string | undefined {
  const match = chunk.isEntry ? /virtual:vike:page-entry:client:(.+)$/.exec(chunk.facadeModuleId ?? "") : null;
  return match?.[1];
}
