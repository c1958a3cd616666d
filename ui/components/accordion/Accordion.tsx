import type { ReactNode } from "react";
import styles from "./Accordion.module.css";

export interface AccordionItem {
  readonly id: string;
  readonly title: string;
  readonly content: ReactNode;
}

export interface AccordionProps {
  readonly items: readonly AccordionItem[];
  /** Open one item at a time (the browser's exclusive details group). */
  readonly exclusiveName?: string;
  readonly defaultOpenId?: string;
}

/**
 * Questions and answers that open in place: native details/summary, so it works without
 * JavaScript and the browser provides the keyboard and screen-reader behaviour.
 */
export function Accordion({ items, exclusiveName, defaultOpenId }: AccordionProps) {
  return (
    <div className={styles.accordion}>
      {items.map((item) => (
        <details key={item.id} className={styles.item} name={exclusiveName} open={item.id === defaultOpenId || undefined}>
          <summary className={styles.summary}>
            <span className={styles.title}>{item.title}</span>
            <span className={styles.marker} aria-hidden="true" />
          </summary>
          <div className={styles.panel}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
