import type { Asset, Multilink } from "../../../core";
import { ContentImage } from "../content-image/ContentImage";
import { ContentLink } from "../content-link/ContentLink";
import styles from "./FeatureCard.module.css";

export interface FeatureCardProps {
  readonly title: string | undefined;
  readonly text?: string;
  readonly image?: Asset | null;
  readonly link?: Multilink;
  readonly linkLabel?: string;
  readonly headingLevel?: 2 | 3 | 4;
  /** How wide the picture is shown, per viewport (an `<img sizes>`): the layout it sits in knows. */
  readonly imageSizes: string;
  readonly priority?: boolean;
}

/** A large image card with its title over the picture; the whole card follows its link. */
export function FeatureCard({ title, text, image, link, linkLabel, headingLevel = 3, imageSizes, priority = false }: FeatureCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <ContentImage image={image} alt="" sizes={imageSizes} className={styles.image} priority={priority} />
      <div className={styles.overlay}>
        {title ? (
          <Heading className={styles.title}>
            {link ? <ContentLink link={link} className={styles.link}>{title}</ContentLink> : title}
          </Heading>
        ) : null}
        {text ? <p className={styles.text}>{text}</p> : null}
        {link && linkLabel ? (
          <span className={styles.cta} aria-hidden="true">
            {linkLabel} →
          </span>
        ) : null}
      </div>
    </article>
  );
}
