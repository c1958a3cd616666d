import type { Block, Page } from "./block.schema";

/**
 * Whether a page has something for visitors (issue 55): a hero, or a block this site knows. A page
 * pulled from another space whose blocks are all unknown (a starter space's `teaser` and `grid`)
 * would show only its title: it is a 404 for visitors and left out of the sitemap, while the
 * editor's preview still shows it with a note in place of each unknown block. A page with no
 * blocks at all (one just created) is not such a page: it shows its title and lead as it is.
 */
export function hasRenderableContent(page: Page): boolean {
  const body = page.body ?? [];
  return (page.hero?.length ?? 0) > 0 || body.length === 0 || body.some(isRenderable);
}

function isRenderable(block: Block): boolean {
  if (block.component === "unknown") return false;
  if (block.component === "grid_layout") return (block.items ?? []).some(isRenderable);
  return true;
}
