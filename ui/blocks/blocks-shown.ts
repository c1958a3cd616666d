import { blockComponentsIn, type BlockComponent } from "../../core";

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
