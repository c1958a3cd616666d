import type { FieldIssues, FieldValues } from "./form.machine";

/**
 * A form sent without JavaScript (a plain POST to the page it is on) and what came of it: the page
 * renders again with it, the values in their fields and the messages beside them.
 */
export interface FormPost {
  /** Which form on the page was sent (its `form` field). */
  readonly form: string;
  readonly values: FieldValues;
  /** Each field's first problem (i18n key); "" for the whole form's. */
  readonly issues: FieldIssues;
  readonly outcome: FormPostOutcome;
}

export type FormPostOutcome = "accepted" | "invalid" | "failed" | "rate-limited";

/** The hidden field that names the form a plain post comes from. */
export const FORM_POST_FIELD = "form";

/**
 * A plain post's fields as the form's values: a checkbox is sent as "on" when ticked and not at
 * all otherwise; text is kept as it was typed. Fields the form does not have are left out, and a
 * repeated field keeps its first value.
 */
export function formPostValues(
  fields: Readonly<Record<string, unknown>>,
  form: { readonly text: readonly string[]; readonly checkboxes: readonly string[] },
): FieldValues {
  const values: Record<string, string | boolean> = {};
  for (const name of form.text) {
    const value = first(fields[name]);
    values[name] = typeof value === "string" ? value : "";
  }
  for (const name of form.checkboxes) values[name] = first(fields[name]) !== undefined;
  return values;
}

/**
 * A server's problems with a payload (dotted paths, message keys) as a form shows them: each
 * field's first one, under the field's name; "" for the whole payload's.
 */
export function fieldIssuesOf(issues: readonly { readonly path: string; readonly message: string }[]): FieldIssues {
  const byField: Record<string, string> = {};
  for (const issue of issues) byField[issue.path.split(".")[0] ?? ""] ??= issue.message;
  return byField;
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
