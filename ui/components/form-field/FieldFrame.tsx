import type { ReactNode } from "react";
import styles from "./FormField.module.css";
import { useSteadyWhilePressed } from "./use-steady-while-pressed";

export interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
  readonly hint: string | undefined;
  /** The hint states the rule the field's message enforces: a message shown takes its place instead of repeating it. */
  readonly hintIsTheRule?: boolean;
  /** The field's message, already translated. */
  readonly error: string | undefined;
  /** The control, given the ids of its hint and message to point at (aria-describedby) and whether a message is shown (aria-invalid). */
  readonly children: (describedBy: string | undefined, invalid: true | undefined) => ReactNode;
}

/**
 * A field's label, hint and message around its control, tied to it by id: the one frame every
 * text-like field shares. A message that changes while a pointer is pressed changes on its release.
 */
export function FieldFrame({ id, label, required, hint: ruleOrHint, hintIsTheRule = false, error: message, children }: FieldFrameProps) {
  const error = useSteadyWhilePressed(message);
  const hint = hintIsTheRule && error ? undefined : ruleOrHint;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true"> *</span> : null}
      </label>
      {hint ? <p id={hintId} className={styles.hint}>{hint}</p> : null}
      {children([hintId, errorId].filter(Boolean).join(" ") || undefined, error ? true : undefined)}
      {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
    </div>
  );
}
