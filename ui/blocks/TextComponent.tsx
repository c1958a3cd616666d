import { isEmptyRichText } from "../../core";
import { EmptyState } from "../components/empty-state/EmptyState";
import { RichText } from "../components/rich-text/RichText";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import { useRichTextBloks } from "./use-rich-text-bloks";

/** A titled piece of editorial text. */
export function TextComponent({ block }: BlockProps<BlockOf<"text_component">>) {
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  if (!block.title && isEmptyRichText(block.text)) return <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />;
  return (
    <BlockSection uid={block._uid} title={block.title}>
      <RichText doc={block.text} renderBlok={renderBlok} />
    </BlockSection>
  );
}
