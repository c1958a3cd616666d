import { isEmptyRichText } from "../../core";
import { EmptyState } from "../components/empty-state/EmptyState";
import { RichText } from "../components/rich-text/RichText";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { useRichTextBloks } from "./use-rich-text-bloks";

/** Rich text on its own (legal pages, long texts), embedded blocks included. */
export function ContentRenderer({ block }: BlockProps<BlockOf<"content_renderer">>) {
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  if (isEmptyRichText(block.content)) return <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />;
  return <RichText doc={block.content} renderBlok={renderBlok} />;
}
