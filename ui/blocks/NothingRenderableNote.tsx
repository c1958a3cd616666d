import { hasRenderableContent, type Page } from "../../core";
import { useTranslation } from "../components/i18n/use-translation";
import styles from "./UnknownBlock.module.css";

/**
 * In the editor's preview, above a page with no block this site knows: visitors get a 404 for it
 * (issue 55), which the preview, showing it with a note per unknown block, would not tell.
 */
export function NothingRenderableNote({ page }: { readonly page: Page }) {
  const { t } = useTranslation();
  if (hasRenderableContent(page)) return null;
  return (
    <p className={`container ${styles.notice}`} role="note" data-nothing-renderable="">
      {t("blocks.nothingRenderable")}
    </p>
  );
}
