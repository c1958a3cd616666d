import { FORM_FEEDBACK } from "./form-feedback.settings";
import { FORM } from "./form.settings";
import type { FieldIssues, FieldValues, FocusRequest, FormMachineInput } from "./form.machine";
import type { FormView } from "./form.view";

/**
 * Where a form starts, with no machine running yet: the form machine starts here, and a page shows
 * this until the machine (and XState with it) is loaded on the form's first use — so that a page
 * with a form in its footer does not load the machine to render.
 */
export interface FormStart {
  readonly state: "editing" | "succeeded" | "failed";
  readonly issues: FieldIssues;
  /** Fields allowed to show their message, in the page's order. */
  readonly shown: readonly string[];
  readonly formMessage: string | undefined;
  readonly focusRequest: FocusRequest | undefined;
}

/**
 * A problem no rendered field can show (the whole payload's, or a hidden value's) is the form's
 * message; otherwise the form says it is incomplete, or only that, when no message came at all.
 */
export function rejectionMessage(issues: FieldIssues, fieldOrder: readonly string[]): string {
  const unrendered = issues[""] || Object.entries(issues).find(([field, key]) => key && !fieldOrder.includes(field))?.[1];
  if (unrendered) return unrendered;
  return fieldOrder.some((field) => issues[field]) ? FORM.incompleteMessage : FORM.incompleteFallbackMessage;
}

/** The start a plain post's outcome gives (its messages shown, as after a submit), or a fresh one. */
export function formStart(input: FormMachineInput): FormStart {
  const fresh: FormStart = { state: "editing", issues: {}, shown: [], formMessage: undefined, focusRequest: undefined };
  const { posted } = input;
  if (!posted) return fresh;
  if (posted.outcome === "accepted") return { ...fresh, state: "succeeded", formMessage: FORM_FEEDBACK.formSubmitted };
  if (posted.outcome !== "invalid") return { ...fresh, state: "failed", issues: posted.issues, formMessage: posted.issues[""] || FORM_FEEDBACK.formSubmitFailed };
  const first = input.fieldOrder.find((field) => posted.issues[field]);
  return {
    state: "editing",
    issues: posted.issues,
    shown: input.fieldOrder,
    formMessage: rejectionMessage(posted.issues, input.fieldOrder),
    focusRequest: first === undefined ? undefined : { field: first, seq: 1 },
  };
}

/** The view of a form that has not been used yet: its start, with the values typed so far. */
export function formStartView(input: FormMachineInput, values: FieldValues): FormView {
  const start = formStart(input);
  return {
    values,
    errorOf: (field) => (start.shown.includes(field) ? start.issues[field] : undefined),
    formMessage: start.formMessage === undefined ? undefined : { key: start.formMessage, tone: start.state === "succeeded" ? "success" : "error" },
    busy: false,
    submitted: start.state === "succeeded",
    focusRequest: start.focusRequest,
    canSubmit: start.state !== "succeeded",
  };
}
