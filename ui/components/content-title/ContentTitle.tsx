import type { ReactNode } from "react";
import styles from "./ContentTitle.module.css";

export interface ContentTitleProps {
  readonly title: string | undefined;
  readonly level?: 2 | 3 | 4;
  readonly kicker?: string;
  readonly intro?: string;
  readonly id?: string;
  /** Shown beside the title on wide screens, e.g. a "see all" link. */
  readonly action?: ReactNode;
}

/** A section's heading: optional kicker, the title, an intro line and an action at its side. */
export function ContentTitle({ title, level = 2, kicker, intro, id, action }: ContentTitleProps) {
  if (!title && !intro && !action) return null;
  const Heading = `h${level}` as const;
  return (
    <header className={styles.header}>
      <div className={styles.text}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        {title ? <Heading id={id} className={styles.title}>{title}</Heading> : null}
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </header>
  );
}
