import type { CSSProperties } from "react";
import { EmptyState } from "../components/empty-state/EmptyState";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./GridLayout.module.css";

/** Blocks side by side: one column on phones, two on tablets, the chosen count (1–4) on desktops. */
export function GridLayout({ block }: BlockProps<BlockOf<"grid_layout">>) {
  const { headingLevel, renderNested } = useBlockContext();
  const items = block.items ?? [];
  const columns = Math.min(4, Math.max(1, block.columns ?? 2));
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {items.length === 0 ? (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <div className={styles.grid} data-columns={columns} style={{ "--columns": columns } as CSSProperties}>
          {renderNested(items, { headingLevel: block.title ? innerLevel(headingLevel) : headingLevel, itemClassName: styles.cell })}
        </div>
      )}
    </BlockSection>
  );
}
