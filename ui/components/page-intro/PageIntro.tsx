import type { ReactNode } from "react";
import styles from "./PageIntro.module.css";

/** A page's title band: the content title (h1) and its lead. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className={styles.intro}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
