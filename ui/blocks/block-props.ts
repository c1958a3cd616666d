import type { ComponentType } from "react";
import type { Block, BlockData } from "../../core";

/** The block of one `component`. */
export type BlockOf<K extends Block["component"]> = Extract<Block, { component: K }>;

/** What every block component receives: its block, and its listing data (by `_uid`) when it has any. */
export interface BlockProps<B extends Block> {
  readonly block: B;
  readonly data: BlockData | undefined;
}

/** One component per block type: a missing or an extra entry is a compile error. */
export type BlockRegistry = { readonly [K in Block["component"]]: ComponentType<BlockProps<BlockOf<K>>> };

/** The block's listing data when it is of the expected kind. */
export function dataOfKind<K extends BlockData["kind"]>(data: BlockData | undefined, kind: K): Extract<BlockData, { kind: K }> | undefined {
  return data?.kind === kind ? (data as Extract<BlockData, { kind: K }>) : undefined;
}
