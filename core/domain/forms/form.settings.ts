/** SPEC §5: how forms report problems. */
export const FORM = {
  /** Input is validated this long after the last keystroke. */
  inputDebounceMs: 20,
  /** Text fields show their message once blurred; checkboxes once changed. */
  showErrorsOn: { text: "blur", checkbox: "dirty" },
  incompleteMessage: "validation.form.incomplete",
  incompleteFallbackMessage: "validation.form.incompleteFallback",
  passwordMismatchMessage: "validation.password.mismatch",
} as const;

/** Password confirmation must equal the password (SPEC §5 'Passwords do not match'). */
export function passwordConfirmationIssue(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : FORM.passwordMismatchMessage;
}

/**
 * A field no person sees or fills (hidden from sight, assistive technology and the tab order):
 * a submission that fills it is a bot's.
 */
export const LEAD_HONEYPOT_FIELD = "website";
