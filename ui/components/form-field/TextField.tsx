import { FieldFrame } from "./FieldFrame";
import styles from "./FormField.module.css";

export interface TextFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly type?: "text" | "email" | "password" | "tel" | "date";
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  /** The field's message, already translated; shown under the input and read with it. */
  readonly error?: string | undefined;
  readonly hint?: string;
  /** The hint states the rule the message enforces (a password's length): a message replaces it rather than repeat it. */
  readonly hintIsTheRule?: boolean;
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly inputRef?: (element: HTMLInputElement | null) => void;
  /** For dates: the latest one accepted (yyyy-mm-dd). */
  readonly max?: string;
}

/** A labelled input whose hint and message are tied to it (aria-describedby), marked aria-invalid while it has one. */
export function TextField({ id, name, label, type = "text", value, onChange, onBlur, error, hint, hintIsTheRule, autoComplete, required = false, disabled = false, inputRef, max }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} hintIsTheRule={hintIsTheRule} error={error}>
      {(describedBy, invalid) => (
        <input
          ref={inputRef}
          className={styles.control}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          max={max}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
