import { createContext, useContext, type ReactNode } from "react";
import type { Block, BlockDataByUid } from "../../core";

/**
 * How nested blocks are rendered (grid layouts, blocks embedded in rich text) without the block
 * components importing the registry that imports them: <Blocks> provides the renderer.
 */
export interface BlockContext {
  readonly data: BlockDataByUid;
  /** Section headings inside this level: h2 on the page, h3 inside a titled grid. */
  readonly headingLevel: 2 | 3 | 4;
  /** The first block of the page: its images load eagerly (they are the largest paint). */
  readonly isFirst: boolean;
  /** Renders blocks without the page-level wrappers, each in `itemClassName` when given (grid cells). */
  readonly renderNested: (blocks: readonly Block[], options: { readonly headingLevel: 2 | 3 | 4; readonly itemClassName?: string }) => ReactNode;
  /** Renders the blocks a rich-text field embeds. */
  readonly renderBloks: (blocks: readonly Block[]) => ReactNode;
}

export const BlockRenderContext = createContext<BlockContext | undefined>(undefined);

const EMPTY: BlockContext = { data: {}, headingLevel: 2, isFirst: false, renderNested: () => null, renderBloks: () => null };

export function useBlockContext(): BlockContext {
  return useContext(BlockRenderContext) ?? EMPTY;
}

/** The next heading level down, for the items inside a block. */
export function innerLevel(level: 2 | 3 | 4): 3 | 4 {
  return level === 2 ? 3 : 4;
}

/** An element id for a block (its anchor for filter and pagination links). */
export function blockAnchor(uid: string): string {
  return `block-${uid.replace(/[^A-Za-z0-9_-]/g, "")}`;
}
