import type { ReactNode } from "react";
import type { Asset } from "../../../core";
import { ContentImage } from "../content-image/ContentImage";
import styles from "./BoxCard.module.css";

/** The card's picture: the container less its gutters, then its two fifths beside the text from 64rem (27rem at most) less its margin. */
const MEDIA_IMAGE_SIZES = "(min-width: 72rem) 25.5rem, (min-width: 64rem) calc(40vw - 3.1rem), 92vw";

export interface BoxCardProps {
  readonly title: string | undefined;
  readonly kicker?: string;
  readonly image?: Asset | null;
  /** Facts shown as a definition list, e.g. capacity. */
  readonly facts?: readonly { readonly label: string; readonly value: string }[];
  readonly headingLevel?: 2 | 3 | 4;
  readonly id?: string;
  readonly action?: ReactNode;
  readonly children?: ReactNode;
}

/** A wide card for an offer (a box, the club, a membership, a restaurant): image beside the text on a laptop and wider. */
export function BoxCard({ title, kicker, image, facts = [], headingLevel = 3, id, action, children }: BoxCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.box} id={id}>
      {image !== undefined ? (
        <div className={styles.media}>
          <ContentImage image={image} alt="" sizes={MEDIA_IMAGE_SIZES} className={styles.image} />
        </div>
      ) : null}
      <div className={styles.body}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        {title ? <Heading className={styles.title}>{title}</Heading> : null}
        {facts.length ? (
          <dl className={styles.facts}>
            {facts.map((fact) => (
              <div key={fact.label} className={styles.fact}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {children}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </article>
  );
}
