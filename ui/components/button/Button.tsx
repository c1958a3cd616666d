import type { MouseEvent, ReactNode } from "react";
import styles from "./Button.module.css";
import { classNames } from "../class-names";

export interface ButtonProps {
  readonly text: string;
  readonly size?: "small" | "medium" | "large";
  readonly type?: "primary" | "secondary" | "tertiary";
  readonly color?: "default" | "primary" | "danger";
  readonly disabled?: boolean;
  readonly leftIcon?: ReactNode;
  readonly rightIcon?: ReactNode;
  readonly isSubmit?: boolean;
  /** Renders a link styled as a button. */
  readonly href?: string;
  readonly onClick?: (event: MouseEvent<HTMLElement>) => void;
  readonly busy?: boolean;
  /** The keys that do the same (aria-keyshortcuts), e.g. "Control+S". */
  readonly keyShortcuts?: string;
}

/** SPEC §1 Button. A disabled button ignores clicks (a disabled link too). */
export function Button({
  text,
  size = "medium",
  type = "primary",
  color = "default",
  disabled = false,
  leftIcon,
  rightIcon,
  isSubmit = false,
  href,
  onClick,
  busy = false,
  keyShortcuts,
}: ButtonProps) {
  const className = classNames(styles.button, styles[size], styles[type], styles[`color-${color}`]);
  const content = (
    <>
      {leftIcon ? <span className={styles.icon} aria-hidden="true">{leftIcon}</span> : null}
      <span>{text}</span>
      {rightIcon ? <span className={styles.icon} aria-hidden="true">{rightIcon}</span> : null}
    </>
  );
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  if (href !== undefined) {
    return (
      <a
        className={className}
        href={disabled ? undefined : href}
        aria-disabled={disabled || undefined}
        role={disabled ? "link" : undefined}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      className={className}
      type={isSubmit ? "submit" : "button"}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-keyshortcuts={keyShortcuts}
      onClick={handleClick}
    >
      {content}
    </button>
  );
}
