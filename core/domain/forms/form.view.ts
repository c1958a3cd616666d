import type { SnapshotFrom } from "xstate";
import type { FieldValues, FocusRequest, formMachine } from "./form.machine";

type FormSnapshot = SnapshotFrom<typeof formMachine>;

export interface FormMessage {
  /** An i18n key. */
  readonly key: string;
  readonly tone: "error" | "success";
}

export interface FormView {
  readonly values: FieldValues;
  /** The i18n key of the field's problem, once the field may show it. */
  readonly errorOf: (field: string) => string | undefined;
  readonly formMessage: FormMessage | undefined;
  /** A submit is under way (waiting for the validator, or for the server): the form ignores further submits. */
  readonly busy: boolean;
  readonly submitted: boolean;
  readonly focusRequest: FocusRequest | undefined;
  readonly canSubmit: boolean;
}

export function formView(snapshot: FormSnapshot): FormView {
  const { values, issues, shown, formMessage, focusRequest } = snapshot.context;
  const submitted = snapshot.matches({ form: "succeeded" });
  return {
    values,
    errorOf: (field) => (shown.includes(field) ? issues[field] : undefined),
    formMessage: formMessage === undefined ? undefined : { key: formMessage, tone: submitted ? "success" : "error" },
    busy: snapshot.matches({ form: "submitting" }),
    submitted,
    focusRequest,
    canSubmit: snapshot.can({ type: "SUBMIT" }),
  };
}
