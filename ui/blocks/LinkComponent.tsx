import { ContentLink } from "../components/content-link/ContentLink";
import type { BlockOf, BlockProps } from "./block-props";

const APPEARANCE = { button: "button", secondary: "button-secondary", link: "link" } as const;

/** A single link, as a button, a secondary button or a text link. */
export function LinkComponent({ block }: BlockProps<BlockOf<"link_component">>) {
  if (!block.label || !block.link) return null;
  return (
    <p>
      <ContentLink link={block.link} appearance={APPEARANCE[block.style ?? "link"]}>
        {block.label}
      </ContentLink>
    </p>
  );
}
