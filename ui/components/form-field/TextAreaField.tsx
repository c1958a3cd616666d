import { FieldFrame } from "./FieldFrame";
import styles from "./FormField.module.css";

export interface TextAreaFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly rows?: number;
  readonly inputRef?: (element: HTMLTextAreaElement | null) => void;
}

/** A labelled multi-line field (a message), with its hint and message tied to it like TextField's. */
export function TextAreaField({ id, name, label, value, onChange, onBlur, error, hint, required = false, disabled = false, rows = 6, inputRef }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <textarea
          ref={inputRef}
          className={`${styles.control} ${styles.textarea}`}
          id={id}
          name={name}
          value={value}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          required={required}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
