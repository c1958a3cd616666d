import type { BlockComponent } from "./block.schema";
import { BLOCK_COMPONENTS } from "./block-components.settings";

const KNOWN: ReadonlySet<string> = new Set<string>([...BLOCK_COMPONENTS, "unknown"]);

/**
 * Every block component a page's data holds, at any depth (nested blocks, blocks inside rich text,
 * listing data): what the browser must have loaded before it renders the page.
 */
export function blockComponentsIn(value: unknown): ReadonlySet<BlockComponent> {
  const found = new Set<BlockComponent>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record._uid === "string" && typeof record.component === "string" && KNOWN.has(record.component)) found.add(record.component as BlockComponent);
    for (const child of Object.values(record)) visit(child);
  };
  visit(value);
  return found;
}
