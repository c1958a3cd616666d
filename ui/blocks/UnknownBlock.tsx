import type { BlockOf, BlockProps } from "./block-props";
import styles from "./UnknownBlock.module.css";

/** A component this site does not know (SPEC §8): nothing for visitors, a discreet note in development. */
export function UnknownBlock({ block }: BlockProps<BlockOf<"unknown">>) {
  if (!import.meta.env.DEV) return null;
  return (
    <p className={styles.notice} role="note" data-unknown-block={block.original}>
      Unknown block “{block.original || "?"}” ({block._uid}) — not rendered in production.
    </p>
  );
}
