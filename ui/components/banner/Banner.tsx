import type { ReactNode } from "react";
import styles from "./Banner.module.css";
import { classNames } from "../class-names";

export interface BannerProps {
  readonly title?: string;
  readonly text?: string;
  readonly tone?: "info" | "highlight" | "warning";
  /** A link or button, e.g. a ContentLink styled as a button. */
  readonly action?: ReactNode;
  readonly headingLevel?: 2 | 3 | 4;
}

/** A band that stands out from the page: a short message and one action. */
export function Banner({ title, text, tone = "info", action, headingLevel = 2 }: BannerProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={classNames(styles.banner, styles[tone])}>
      <div className={styles.text}>
        {title ? <Heading className={styles.title}>{title}</Heading> : null}
        {text ? <p className={styles.body}>{text}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
