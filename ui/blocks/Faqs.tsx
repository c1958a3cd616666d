import { Accordion } from "../components/accordion/Accordion";
import { EmptyState } from "../components/empty-state/EmptyState";
import { RichText } from "../components/rich-text/RichText";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import { useRichTextBloks } from "./use-rich-text-bloks";

/** Frequently asked questions as an accordion: each question opens its answer in place. */
export function Faqs({ block }: BlockProps<BlockOf<"faqs">>) {
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const items = (block.items ?? []).filter((item) => item.question);
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {items.length === 0 ? (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <Accordion
          items={items.map((item) => ({
            id: item._uid,
            title: item.question ?? "",
            content: <RichText doc={item.answer} renderBlok={renderBlok} />,
          }))}
        />
      )}
    </BlockSection>
  );
}
