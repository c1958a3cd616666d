import type { ReactNode } from "react";
import { Feedback } from "../feedback/Feedback";
import { ReloadPageButton } from "./ReloadPageButton";
import styles from "./FormField.module.css";

export interface FormStatusProps {
  /** What runs now ('Signing in...'): read out, while the submit button shows it. */
  readonly progress?: string | undefined;
  /** What the last operation achieved. */
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
  /** What failed, above the error's reason (SPEC §5's message for a failed email verification). */
  readonly errorTitle?: string | undefined;
  /** Shown with the notice, e.g. a link onwards. */
  readonly noticeActions?: ReactNode;
  readonly errorActions?: ReactNode;
  /** The error asks for a reload (useAccountForm's `reloadNeeded`): a button does it, instead of the error's other actions. */
  readonly reloadNeeded?: boolean;
}

/**
 * A form's live regions: a polite status (progress, results) and an alert (errors). Both are on the
 * page from the first render, empty, so that assistive technology hears what appears in them.
 */
export function FormStatus({ progress, notice, error, errorTitle, noticeActions, errorActions, reloadNeeded = false }: FormStatusProps) {
  return (
    <div className={styles.status}>
      <div role="status">
        {progress ? (
          <p className="visually-hidden">{progress}</p>
        ) : notice ? (
          <Feedback tone="success" live={false}>
            <p>{notice}</p>
            {noticeActions}
          </Feedback>
        ) : null}
      </div>
      <div role="alert">
        {error ? (
          <Feedback tone="error" title={errorTitle} live={false}>
            <p>{error}</p>
            {reloadNeeded ? <ReloadPageButton /> : errorActions}
          </Feedback>
        ) : null}
      </div>
    </div>
  );
}
