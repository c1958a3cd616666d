import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import styles from "./EmptyState.module.css";

/**
 * What one empty state (SPEC §2) says and shows. Each is defined beside the list that shows it,
 * so that a page is sent the texts of its own empty states only.
 */
export interface EmptyStateContent {
  /** Names it in the markup (`data-empty-state`). */
  readonly kind: string;
  /** Text keys: its title and its line of help. */
  readonly title: string;
  readonly text: string;
  /** Drawn, not emoji: it looks the same on every device. */
  readonly Icon: () => ReactNode;
}

export interface EmptyStateProps {
  readonly content: EmptyStateContent;
  /** E.g. a "see all" link that leaves an empty filter. */
  readonly action?: ReactNode;
  /** What its texts' placeholders stand for, e.g. the words searched for. */
  readonly values?: Readonly<Record<string, string>>;
  readonly headingLevel?: 2 | 3 | 4;
}

/** What a list shows when it has nothing to list: a title, a line of help and maybe a way out. */
export function EmptyState({ content, action, values, headingLevel = 3 }: EmptyStateProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const { Icon } = content;
  return (
    <div className={styles.empty} data-empty-state={content.kind}>
      <span className={styles.icon} aria-hidden="true"><Icon /></span>
      <Heading className={styles.title}>{t(content.title, values)}</Heading>
      <p className={styles.text}>{t(content.text, values)}</p>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
