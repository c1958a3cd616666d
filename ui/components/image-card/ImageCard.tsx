import type { Asset } from "../../../core";
import { ContentImage } from "../content-image/ContentImage";
import styles from "./ImageCard.module.css";

export interface ImageCardProps {
  readonly image: Asset | null | undefined;
  readonly caption?: string;
  readonly sizes?: string;
  readonly priority?: boolean;
  readonly ratio?: "3 / 2" | "4 / 3" | "16 / 9" | "1 / 1";
}

/** A picture with its caption (the asset's title, else nothing). */
export function ImageCard({ image, caption, sizes = "(min-width: 64rem) 50vw, 90vw", priority = false, ratio = "3 / 2" }: ImageCardProps) {
  return (
    <figure className={styles.figure}>
      <div className={styles.frame} style={{ aspectRatio: ratio }}>
        <ContentImage image={image} sizes={sizes} priority={priority} className={styles.image} />
      </div>
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
    </figure>
  );
}
