import { FieldFrame } from "./FieldFrame";
import styles from "./FormField.module.css";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  /** The option's language, when it is written in one (a language's own name). */
  readonly lang?: string;
}

export interface SelectFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly inputRef?: (element: HTMLSelectElement | null) => void;
}

/** A labelled select, with its hint and message tied to it like TextField's. */
export function SelectField({ id, name, label, value, options, onChange, onBlur, error, hint, required = false, disabled = false, inputRef }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <select
          ref={inputRef}
          className={styles.control}
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          required={required}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
