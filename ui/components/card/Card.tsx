import type { ReactNode } from "react";
import type { Asset } from "../../../core";
import { ContentImage } from "../content-image/ContentImage";
import styles from "./Card.module.css";

export interface CardProps {
  readonly title: string | undefined;
  readonly text?: string;
  readonly kicker?: string;
  readonly image?: Asset | null;
  /** How wide the picture is shown, per viewport (an `<img sizes>`): the layout it sits in knows. */
  readonly imageSizes: string;
  readonly headingLevel?: 2 | 3 | 4;
  /** The card's link or button (e.g. a ContentLink). */
  readonly action?: ReactNode;
  readonly children?: ReactNode;
}

/** A content card: image on top, then kicker, title, text and an action at the bottom. */
export function Card({ title, text, kicker, image, imageSizes, headingLevel = 3, action, children }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      {image !== undefined ? (
        <div className={styles.media}>
          <ContentImage image={image} sizes={imageSizes} alt="" className={styles.image} />
        </div>
      ) : null}
      <div className={styles.body}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        {title ? <Heading className={styles.title}>{title}</Heading> : null}
        {text ? <p className={styles.text}>{text}</p> : null}
        {children}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </article>
  );
}
