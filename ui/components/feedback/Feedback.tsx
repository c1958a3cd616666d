import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import styles from "./Feedback.module.css";
import { classNames } from "../class-names";

export interface FeedbackProps {
  readonly tone: "success" | "error" | "info";
  readonly title?: string;
  readonly children: ReactNode;
  /** Shows a close button. */
  readonly onDismiss?: () => void;
  /** False inside a live region that is already on the page (FormStatus): the region announces it. */
  readonly live?: boolean;
}

/**
 * A status or alert message. Errors are alerts (read out at once); success and information are
 * polite status messages.
 */
export function Feedback({ tone, title, children, onDismiss, live = true }: FeedbackProps) {
  const { t } = useTranslation();
  return (
    <div className={classNames(styles.feedback, styles[tone])} role={live ? (tone === "error" ? "alert" : "status") : undefined}>
      <span className={styles.icon} aria-hidden="true">{tone === "success" ? "✓" : tone === "error" ? "!" : "i"}</span>
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <div className={styles.message}>{children}</div>
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t("modal.close")}</span>
        </button>
      ) : null}
    </div>
  );
}
