import { useTranslation } from "../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import type { BlockOf, BlockProps } from "./block-props";
import styles from "./UnknownBlock.module.css";

/**
 * A component this site does not know (SPEC §8): nothing for visitors; for the editor's preview
 * (and in development), a visible note naming it, announced as a note to screen readers.
 */
export function UnknownBlock({ block }: BlockProps<BlockOf<"unknown">>) {
  const preview = usePageContext()?.contentPreview === true;
  const { t } = useTranslation();
  if (!import.meta.env.DEV && !preview) return null;
  return (
    <p className={styles.notice} role="note" data-unknown-block={block.original}>
      {t("blocks.unknown", { component: block.original || "?", uid: block._uid })}
    </p>
  );
}
