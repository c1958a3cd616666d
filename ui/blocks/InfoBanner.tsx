import { Banner } from "../components/banner/Banner";
import { ContentLink } from "../components/content-link/ContentLink";
import { useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";

/** A highlighted message with one call to action. An empty banner shows nothing. */
export function InfoBanner({ block }: BlockProps<BlockOf<"info_banner">>) {
  const { headingLevel } = useBlockContext();
  if (!block.title && !block.text) return null;
  return (
    <Banner
      title={block.title}
      text={block.text}
      tone={block.tone}
      headingLevel={headingLevel}
      action={
        block.link && block.link_label ? (
          <ContentLink link={block.link} appearance={block.tone === "highlight" ? "button" : "button-secondary"}>
            {block.link_label}
          </ContentLink>
        ) : undefined
      }
    />
  );
}
