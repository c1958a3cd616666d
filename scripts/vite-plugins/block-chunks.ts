import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin, Rolldown } from "vite";

/** The file beside `dist/client` that the server reads: per block module, the chunks it loads. */
export const BLOCK_CHUNKS_FILE = "block-chunks.json";

const BLOCK_MODULE = /[\\/]ui[\\/]blocks[\\/]([A-Z]\w*)\.tsx$/;
const BLOCK_LOADER = /[\\/]ui[\\/]blocks[\\/]block-components\.ts$/;

/**
 * Writes, for each block's module (ui/blocks/<Module>.tsx, loaded on demand by block-components.ts),
 * the chunks the browser needs for it beyond those already loaded with the loader, so that the
 * server can ask for a page's blocks in its HTML instead of the browser finding them one round
 * trip later.
 */
export function blockChunks(): Plugin {
  return {
    name: "arena:block-chunks",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])));
      const staticClosure = (start: Rolldown.OutputChunk) => {
        const reached = new Set<string>();
        const visit = (fileName: string) => {
          if (reached.has(fileName)) return;
          reached.add(fileName);
          for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
        };
        visit(start.fileName);
        return reached;
      };
      const loader = [...chunks.values()].find((chunk) => Object.keys(chunk.modules).some((id) => BLOCK_LOADER.test(id)));
      const loaded = loader ? staticClosure(loader) : new Set<string>();
      const byModule: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const module = blockModuleOf(chunk);
        if (module) byModule[module] = [...staticClosure(chunk)].filter((fileName) => !loaded.has(fileName)).map((fileName) => `/${fileName}`);
      }
      writeFileSync(join(dirname(options.dir), BLOCK_CHUNKS_FILE), JSON.stringify(byModule, null, 1));
    },
  };
}

/** The block module a chunk is the code of (ui/blocks/<Module>.tsx, loaded on demand), if it is one. */
export function blockModuleOf(chunk: Rolldown.OutputChunk): string | undefined {
  return chunk.isDynamicEntry ? BLOCK_MODULE.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
}
