import { and, assign, fromPromise, setup, stateIn } from "xstate";
import { FORM_FEEDBACK } from "./form-feedback.settings";
import { formStart, rejectionMessage } from "./form-start.ops";
import { FORM } from "./form.settings";

/** A form's values as its inputs hold them: text for text fields and selects, booleans for checkboxes. */
export type FieldValues = Readonly<Record<string, string | boolean>>;

/** The i18n key of each field's first problem; "" holds a problem of the whole payload. */
export type FieldIssues = Readonly<Record<string, string>>;

export type FormValidation<TPayload = unknown> =
  | { readonly ok: true; readonly payload: TPayload }
  | { readonly ok: false; readonly issues: FieldIssues };

/** Decodes the values with the payload's schema; the UI loads it lazily, so the machine never imports a schema. */
export type FormValidator<TPayload = unknown> = (values: FieldValues) => FormValidation<TPayload>;

/** What the `submit` actor rejects with when the server found problems in the fields. */
export interface FormRejection {
  readonly kind: "invalid";
  readonly issues: FieldIssues;
}

/** What the server said about the last submit. */
export type FormOutcome =
  | { readonly kind: "accepted"; readonly response: unknown }
  | { readonly kind: "invalid"; readonly issues: FieldIssues }
  | { readonly kind: "failed"; readonly error: unknown };

/** Asks the UI to move the focus to `field`; a new `seq` asks again, even for the same field. */
export interface FocusRequest {
  readonly field: string;
  readonly seq: number;
}

/** How a plain post of the form ended (no JavaScript), for the form to start from when the page renders with it. */
export interface PostedForm {
  readonly outcome: "accepted" | "invalid" | "failed" | "rate-limited";
  readonly issues: FieldIssues;
}

export interface FormMachineInput {
  readonly initial: FieldValues;
  /** The rendered fields, in the order the focus visits them. */
  readonly fieldOrder: readonly string[];
  /** Fields that show their message once changed rather than once blurred. */
  readonly checkboxes: readonly string[];
  readonly posted?: PostedForm | undefined;
}

interface FormContext extends FormMachineInput {
  readonly values: FieldValues;
  /** From the last validation (of the debounced values, or the server's answer). */
  readonly issues: FieldIssues;
  /** Fields allowed to show their message. */
  readonly shown: readonly string[];
  readonly formMessage: string | undefined;
  readonly focusRequest: FocusRequest | undefined;
  readonly outcome: FormOutcome | undefined;
  readonly validate: FormValidator | undefined;
}

export type FormEvent =
  /** Any field got the focus: time to load the validator. */
  | { type: "FOCUS" }
  | { type: "CHANGE"; field: string; value: string | boolean }
  | { type: "BLUR"; field: string }
  | { type: "SUBMIT" }
  /** After a failed submit: send the same values again, or go back to the fields. */
  | { type: "RETRY" }
  | { type: "EDIT" }
  /** Starts over from `values` (stored values that arrived late), or from the initial ones. */
  | { type: "RESET"; values?: FieldValues };

function isFormRejection(error: unknown): error is FormRejection {
  if (typeof error !== "object" || error === null) return false;
  const { kind, issues } = error as Partial<FormRejection>;
  return kind === "invalid" && typeof issues === "object" && issues !== null;
}

function issuesOf(validate: FormValidator | undefined, values: FieldValues): FieldIssues | undefined {
  if (!validate) return undefined;
  const result = validate(values);
  return result.ok ? {} : result.issues;
}

/** The decoded payload, or the raw values when no validator could be loaded (the server validates them). */
function payloadOf({ validate, values }: FormContext): unknown {
  const result = validate?.(values);
  return result?.ok ? result.payload : values;
}

/** What a submit that found `issues` shows, and where it asks the focus to go. */
function rejection(context: FormContext, issues: FieldIssues) {
  const first = context.fieldOrder.find((field) => issues[field]);
  return {
    issues,
    formMessage: rejectionMessage(issues, context.fieldOrder),
    focusRequest: first === undefined ? context.focusRequest : { field: first, seq: (context.focusRequest?.seq ?? 0) + 1 },
  };
}

function startContext(input: FormMachineInput): Partial<FormContext> {
  const { issues, shown, formMessage, focusRequest } = formStart(input);
  return { issues, shown, formMessage, focusRequest };
}

/** The fields shown so far and `fields`, in the page's order, so that equal sets compare equal. */
function showing(context: FormContext, fields: readonly string[]): readonly string[] {
  const shown = new Set([...context.shown, ...fields]);
  return [...new Set([...context.fieldOrder, ...shown])].filter((field) => shown.has(field));
}

/**
 * SPEC §5, §8: a form's life. Text fields and selects show their message once blurred, checkboxes
 * once changed, every field after a submit; input is validated FORM.inputDebounceMs after the last
 * change. A submit with problems says so ('Sorry, not all fields are filled out correctly.') and asks
 * for the focus on the first field that has one; a valid one goes to the `submit` actor, then says
 * 'Form submitted successfully' or 'Error submitting the form' (values kept, to retry or edit).
 *
 * Validation is a function the `loadValidator` actor brings on the first interaction: the schemas
 * are too heavy for every page (the newsletter form sits in every footer). The `validator` region
 * loads it alongside the `form` region, and a submit made meanwhile waits for it.
 */
export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormMachineInput,
  },
  actors: {
    loadValidator: fromPromise<FormValidator>(async () => {
      throw new Error("loadValidator must be provided");
    }),
    /**
     * Sends the validator's payload (the raw values when it could not load, hence unknown); rejects
     * with a FormRejection when the server found problems in the fields.
     */
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error("submit must be provided");
    }),
  },
  delays: {
    inputDebounce: FORM.inputDebounceMs,
  },
  guards: {
    validatorReady: stateIn({ validator: "ready" }),
    validatorUnavailable: stateIn({ validator: "unavailable" }),
    valuesValid: ({ context }) => context.validate?.(context.values).ok === true,
    rejectedAsInvalid: (_, params: { error: unknown }) => isFormRejection(params.error),
    postedAccepted: ({ context }) => formStart(context).state === "succeeded",
    postedFailed: ({ context }) => formStart(context).state === "failed",
  },
  actions: {
    keepValidator: assign((_, params: { validate: FormValidator }) => ({ validate: params.validate })),
    validateValues: assign(({ context }) => ({ issues: issuesOf(context.validate, context.values) ?? context.issues })),
    setValue: assign(({ context }, params: { field: string; value: string | boolean }) => ({
      values: { ...context.values, [params.field]: params.value },
      shown: context.checkboxes.includes(params.field) ? showing(context, [params.field]) : context.shown,
    })),
    showField: assign(({ context }, params: { field: string }) => ({
      shown: context.checkboxes.includes(params.field) ? context.shown : showing(context, [params.field]),
    })),
    showAllFields: assign(({ context }) => ({ shown: showing(context, context.fieldOrder) })),
    clearFormMessage: assign({ formMessage: undefined }),
    rejectSubmission: assign(({ context }) => rejection(context, issuesOf(context.validate, context.values) ?? {})),
    recordServerIssues: assign(({ context }, params: { rejection: FormRejection }) => ({
      ...rejection(context, params.rejection.issues),
      shown: showing(context, context.fieldOrder),
      outcome: { kind: "invalid", issues: params.rejection.issues },
    })),
    recordAcceptance: assign((_, params: { response: unknown }) => ({
      outcome: { kind: "accepted", response: params.response },
      formMessage: FORM_FEEDBACK.formSubmitted,
    })),
    recordFailure: assign((_, params: { error: unknown }) => ({
      outcome: { kind: "failed", error: params.error },
      formMessage: FORM_FEEDBACK.formSubmitFailed,
    })),
    reset: assign(({ context }, params: { values: FieldValues | undefined }) => {
      const values = params.values ?? context.initial;
      // The focus counter survives, so a later request is always new to the UI.
      return { values, issues: issuesOf(context.validate, values) ?? {}, shown: [], formMessage: undefined, outcome: undefined };
    }),
  },
}).createMachine({
  id: "form",
  type: "parallel",
  context: ({ input }) => ({
    ...input,
    values: input.initial,
    issues: {},
    shown: [],
    formMessage: undefined,
    focusRequest: undefined,
    outcome: undefined,
    validate: undefined,
    ...startContext(input),
  }),
  states: {
    validator: {
      initial: "unrequested",
      states: {
        unrequested: {
          on: { FOCUS: "loading", CHANGE: "loading", BLUR: "loading", SUBMIT: "loading" },
        },
        loading: {
          invoke: {
            src: "loadValidator",
            onDone: {
              target: "ready",
              actions: [{ type: "keepValidator", params: ({ event }) => ({ validate: event.output }) }, "validateValues"],
            },
            onError: "unavailable",
          },
        },
        ready: {},
        /** The validator's chunk did not load: the form still submits its raw values, and the server validates them and answers with the issues. */
        unavailable: {},
      },
    },
    form: {
      initial: "resuming",
      states: {
        /** Where a plain post left the form (see PostedForm); editing when there was none. */
        resuming: {
          always: [{ guard: "postedAccepted", target: "succeeded" }, { guard: "postedFailed", target: "failed" }, { target: "editing" }],
        },
        editing: {
          initial: "settled",
          states: {
            settled: {},
            debouncing: {
              after: { inputDebounce: { target: "settled", actions: "validateValues" } },
            },
          },
          on: {
            // Entering `debouncing` again restarts its timer.
            CHANGE: { target: ".debouncing", actions: { type: "setValue", params: ({ event }) => event } },
            BLUR: { target: ".settled", actions: ["validateValues", { type: "showField", params: ({ event }) => event }] },
            SUBMIT: { target: "submitting", actions: "showAllFields" },
            RESET: { target: ".settled", actions: { type: "reset", params: ({ event }) => ({ values: event.values }) } },
          },
        },
        submitting: {
          initial: "validating",
          states: {
            /** Left at once, unless the validator is still loading. */
            validating: {
              always: [
                { guard: "validatorUnavailable", target: "sending" },
                { guard: and(["validatorReady", "valuesValid"]), target: "sending" },
                { guard: "validatorReady", target: "#form.form.editing", actions: "rejectSubmission" },
              ],
            },
            sending: {
              invoke: {
                src: "submit",
                // Typed by hand: an actor input of type unknown gives the mapper no contextual type.
                input: ({ context }: { context: FormContext }) => payloadOf(context),
                onDone: {
                  target: "#form.form.succeeded",
                  actions: { type: "recordAcceptance", params: ({ event }) => ({ response: event.output }) },
                },
                onError: [
                  {
                    guard: { type: "rejectedAsInvalid", params: ({ event }) => ({ error: event.error }) },
                    target: "#form.form.editing",
                    actions: { type: "recordServerIssues", params: ({ event }) => ({ rejection: event.error as FormRejection }) },
                  },
                  {
                    target: "#form.form.failed",
                    actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        succeeded: {
          on: { RESET: { target: "editing", actions: { type: "reset", params: ({ event }) => ({ values: event.values }) } } },
        },
        /** The values are kept: send them again, or change them first. */
        failed: {
          on: {
            RETRY: "submitting",
            SUBMIT: "submitting",
            EDIT: { target: "editing", actions: "clearFormMessage" },
            CHANGE: { target: "editing.debouncing", actions: ["clearFormMessage", { type: "setValue", params: ({ event }) => event }] },
            RESET: { target: "editing", actions: { type: "reset", params: ({ event }) => ({ values: event.values }) } },
          },
        },
      },
    },
  },
});
