import type { ReactNode } from "react";
import type { Block } from "../../core";
import { useBlockContext } from "./block-context";

/** The renderer block components hand to RichText for embedded `blok` nodes. */
export function useRichTextBloks(): (blocks: readonly Block[]) => ReactNode {
  return useBlockContext().renderBloks;
}
