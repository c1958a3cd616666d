import { blockComponentsIn, type BlockComponent } from "../../core";
import { BLOCK_MODULES, HERO_SLIDER_MODULE } from "./block-modules";

const shownIn = new WeakMap<object, ReadonlySet<BlockComponent>>();
const NONE: ReadonlySet<BlockComponent> = new Set();

/**
 * The blocks a page's data holds, worked out once per render: the head (their chunks), the texts
 * (theirs) and the browser (their code) all ask.
 */
export function blocksShown(data: unknown): ReadonlySet<BlockComponent> {
  if (typeof data !== "object" || data === null) return NONE;
  let shown = shownIn.get(data);
  if (!shown) shownIn.set(data, (shown = blockComponentsIn(data)));
  return shown;
}

/** The modules of the blocks a page's data shows (ui/blocks/block-modules.ts): its blocks', and the hero slider's if it has a hero. */
export function blockModulesShown(data: unknown): readonly string[] {
  const modules: string[] = [...blocksShown(data)].map((name) => BLOCK_MODULES[name]);
  const hero = (data as { page?: { hero?: readonly unknown[] } } | null | undefined)?.page?.hero;
  if (hero !== undefined && hero.length > 0) modules.push(HERO_SLIDER_MODULE);
  return modules;
}
