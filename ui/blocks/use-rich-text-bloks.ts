import type { ReactNode } from "react";
import { useBlockContext } from "./block-context";

/** The renderer block components hand to RichText for embedded `blok` nodes. */
export function useRichTextBloks(): (body: readonly unknown[]) => ReactNode {
  return useBlockContext().renderRaw;
}
