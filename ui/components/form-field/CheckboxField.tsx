import type { ReactNode } from "react";
import styles from "./FormField.module.css";
import { useSteadyWhilePressed } from "./use-steady-while-pressed";

export interface CheckboxFieldProps {
  readonly id: string;
  readonly name: string;
  /** May hold a link (the privacy policy). */
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly inputRef?: (element: HTMLInputElement | null) => void;
}

/** A consent checkbox: its label beside it, its message tied to it (SPEC §5: shown once changed). */
export function CheckboxField({ id, name, label, checked, onChange, error: message, required = false, disabled = false, inputRef }: CheckboxFieldProps) {
  const error = useSteadyWhilePressed(message);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`${styles.field} ${styles.checkbox}`}>
      <input
        ref={inputRef}
        className={styles.box}
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true"> *</span> : null}
      </label>
      {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
    </div>
  );
}
