import { usePageContext } from "vike-react/usePageContext";
import type { BlockOf, BlockProps } from "./block-props";
import styles from "./UnknownBlock.module.css";

/**
 * A component this site does not know (SPEC §8): nothing for visitors; for the editor's preview
 * (and in development), a visible note naming it, announced as a note to screen readers.
 */
export function UnknownBlock({ block }: BlockProps<BlockOf<"unknown">>) {
  const preview = usePageContext()?.contentPreview === true;
  if (!import.meta.env.DEV && !preview) return null;
  return (
    <p className={styles.notice} role="note" data-unknown-block={block.original}>
      Unknown block “{block.original || "?"}” ({block._uid}): this site has no component for it, so visitors do not see it.
    </p>
  );
}
