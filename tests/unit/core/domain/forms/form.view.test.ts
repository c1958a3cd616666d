import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { FORM_FEEDBACK } from "../../../../../core/domain/forms/form-feedback.settings";
import { formMachine, type FieldValues, type FormEvent, type FormValidator } from "../../../../../core/domain/forms/form.machine";
import { FORM } from "../../../../../core/domain/forms/form.settings";
import { formView, type FormView } from "../../../../../core/domain/forms/form.view";
import { deferred, flush } from "../../../support/async";

const INITIAL: FieldValues = { email: "", privacyPolicy: false };
const VALID: FieldValues = { email: "ana@arena.test", privacyPolicy: true };
const FIELDS = ["email", "privacyPolicy"] as const;

const validateSubscription: FormValidator = (values) => {
  const issues: Record<string, string> = {};
  if (!String(values.email).includes("@")) issues.email = "validation.email.invalid";
  if (values.privacyPolicy !== true) issues.privacyPolicy = "validation.consent.privacyPolicy";
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, payload: values };
};

type Answer = "hang" | "accept" | "fail" | "server-invalid";

/** The newsletter form after `events`; the validator loads at once (or never), the submit answers with `answer`. */
async function viewAfter(events: FormEvent[], { answer = "hang", validator = "loads" }: { answer?: Answer; validator?: "loads" | "hangs" } = {}) {
  const machine = formMachine.provide({
    actors: {
      loadValidator: fromPromise(() => (validator === "loads" ? Promise.resolve(validateSubscription) : deferred<FormValidator>().promise)),
      submit: fromPromise<unknown, unknown>(() => {
        if (answer === "accept") return Promise.resolve({ id: "sub-1" });
        if (answer === "fail") return Promise.reject(new Error("503"));
        if (answer === "server-invalid") return Promise.reject({ kind: "invalid", issues: { email: "validation.email.taken" } });
        return deferred<unknown>().promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { initial: INITIAL, fieldOrder: FIELDS, checkboxes: ["privacyPolicy"] } }).start();
  for (const event of events) {
    actor.send(event);
    await flush();
  }
  return formView(actor.getSnapshot());
}

const errorsOf = (view: FormView) => Object.fromEntries(FIELDS.map((field) => [field, view.errorOf(field)]));
const fill = (values: FieldValues): FormEvent[] => Object.entries(values).map(([field, value]) => ({ type: "CHANGE", field, value }));

describe("formView", () => {
  it("starts with the initial values, no messages, and a submit allowed", async () => {
    const view = await viewAfter([]);
    expect({ ...view, errorOf: undefined }).toEqual({
      values: INITIAL,
      errorOf: undefined,
      formMessage: undefined,
      busy: false,
      submitted: false,
      focusRequest: undefined,
      canSubmit: true,
    });
    expect(errorsOf(view)).toEqual({ email: undefined, privacyPolicy: undefined });
  });

  it("gives a field's message only once the field may show it", async () => {
    const focused = await viewAfter([{ type: "FOCUS" }]);
    expect(errorsOf(focused)).toEqual({ email: undefined, privacyPolicy: undefined });
    const blurred = await viewAfter([{ type: "FOCUS" }, { type: "BLUR", field: "email" }]);
    expect(errorsOf(blurred)).toEqual({ email: "validation.email.invalid", privacyPolicy: undefined });
    const ticked = await viewAfter([{ type: "FOCUS" }, { type: "CHANGE", field: "privacyPolicy", value: false }]);
    expect(errorsOf(ticked)).toEqual({ email: undefined, privacyPolicy: "validation.consent.privacyPolicy" });
  });

  it("after a refused submit, shows every message, the incomplete form as an error, and where to focus", async () => {
    const view = await viewAfter([{ type: "CHANGE", field: "privacyPolicy", value: true }, { type: "SUBMIT" }]);
    expect(errorsOf(view)).toEqual({ email: "validation.email.invalid", privacyPolicy: undefined });
    expect(view).toMatchObject({ formMessage: { key: FORM.incompleteMessage, tone: "error" }, focusRequest: { field: "email", seq: 1 }, busy: false, canSubmit: true });
  });

  it("is busy, and takes no submit, while a submit waits for the validator or the server", async () => {
    for (const view of [await viewAfter([{ type: "SUBMIT" }], { validator: "hangs" }), await viewAfter([...fill(VALID), { type: "SUBMIT" }])]) {
      expect(view).toMatchObject({ busy: true, canSubmit: false, submitted: false, formMessage: undefined });
    }
  });

  it("says a success as a success, and takes no second submit", async () => {
    const view = await viewAfter([...fill(VALID), { type: "SUBMIT" }], { answer: "accept" });
    expect(view).toMatchObject({ submitted: true, busy: false, canSubmit: false, formMessage: { key: FORM_FEEDBACK.formSubmitted, tone: "success" }, values: VALID });
  });

  it("says a failure as an error, keeping the values and allowing another submit", async () => {
    const view = await viewAfter([...fill(VALID), { type: "SUBMIT" }], { answer: "fail" });
    expect(view).toMatchObject({ submitted: false, busy: false, canSubmit: true, formMessage: { key: FORM_FEEDBACK.formSubmitFailed, tone: "error" }, values: VALID });
  });

  it("shows the server's problems on the fields", async () => {
    const view = await viewAfter([...fill(VALID), { type: "SUBMIT" }], { answer: "server-invalid" });
    expect(errorsOf(view)).toEqual({ email: "validation.email.taken", privacyPolicy: undefined });
    expect(view).toMatchObject({ formMessage: { key: FORM.incompleteMessage, tone: "error" }, focusRequest: { field: "email", seq: 1 }, canSubmit: true });
  });
});
