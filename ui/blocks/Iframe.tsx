import { useTranslation } from "../components/i18n/use-translation";
import { EmptyState } from "../components/empty-state/EmptyState";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Iframe.module.css";

const RATIOS = { "16:9": "16 / 9", "4:3": "4 / 3", "1:1": "1 / 1", "21:9": "21 / 9" } as const;

/** Embedded content (a map, a video) from an https URL, sandboxed and loaded lazily. */
export function Iframe({ block }: BlockProps<BlockOf<"iframe">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const url = embeddableUrl(block.url);
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {url ? (
        <div className={styles.frame} style={{ aspectRatio: RATIOS[block.aspect_ratio ?? "16:9"] }}>
          <iframe
            className={styles.iframe}
            src={url}
            title={block.title || t("iframe.defaultTitle")}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation"
            allow="fullscreen; picture-in-picture; encrypted-media"
          />
        </div>
      ) : (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      )}
    </BlockSection>
  );
}

/** Only https pages (or this site's own paths) may be embedded. */
export function embeddableUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  return /^https:\/\/[^\s/]+/i.test(url) || /^\/(?!\/)/.test(url) ? url : undefined;
}
