/** SPEC §5: how forms report problems. */
export const FORM = {
  /** Input is validated this long after the last keystroke. */
  inputDebounceMs: 20,
  /** Text fields show their message once blurred; checkboxes once changed. */
  showErrorsOn: { text: "blur", checkbox: "dirty" },
  incompleteMessage: "validation.form.incomplete",
  incompleteFallbackMessage: "validation.form.incompleteFallback",
} as const;

/**
 * A field no person sees or fills (hidden from sight, assistive technology and the tab order):
 * a submission that fills it is a bot's.
 */
export const LEAD_HONEYPOT_FIELD = "website";
