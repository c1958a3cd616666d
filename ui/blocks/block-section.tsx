import type { ReactNode } from "react";
import { ContentTitle } from "../components/content-title/ContentTitle";
import { blockAnchor, useBlockContext } from "./block-context";
import styles from "./block-section.module.css";

/**
 * A block's frame: a section named by its title (a region landmark only when it has one), with
 * the block's anchor as id so links can return to it.
 */
export function BlockSection({ uid, title, intro, kicker, action, className, children }: {
  uid: string;
  title?: string;
  intro?: string;
  kicker?: string;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const { headingLevel } = useBlockContext();
  const anchor = blockAnchor(uid);
  const headingId = title ? `${anchor}-title` : undefined;
  return (
    <section id={anchor} className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={headingId}>
      <ContentTitle title={title} intro={intro} kicker={kicker} level={headingLevel} id={headingId} action={action} />
      {children}
    </section>
  );
}
