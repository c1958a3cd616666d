import { SimulatedClock, createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { FORM_FEEDBACK } from "../../../../../core/domain/forms/form-feedback.settings";
import { formMachine, type FieldValues, type FormEvent, type FormMachineInput, type FormValidator } from "../../../../../core/domain/forms/form.machine";
import { FORM } from "../../../../../core/domain/forms/form.settings";
import { deferred, flush, type Deferred } from "../../../support/async";

/** A lead form: a text field, a select and a consent checkbox, in the order the page renders them. */
const INPUT: FormMachineInput = {
  initial: { name: "", event: "", privacyPolicy: false },
  fieldOrder: ["name", "event", "privacyPolicy"],
  checkboxes: ["privacyPolicy"],
};
const FILLED: FieldValues = { name: "Ana Puig", event: "ev-jazz", privacyPolicy: true };

interface Lead {
  readonly name: string;
  readonly event: string;
}

// Issues are found in the reverse of the page's order, so that focusing "the first" must follow fieldOrder.
const validateLead: FormValidator<Lead> = (values) => {
  const issues: Record<string, string> = {};
  if (values.privacyPolicy !== true) issues.privacyPolicy = "validation.consent.privacyPolicy";
  if (values.event === "") issues.event = "validation.select.required";
  if (String(values.name).length < 2) issues.name = "validation.name.required";
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, payload: { name: String(values.name), event: String(values.event) } };
};

/** The form machine on a simulated clock; the validator's load and every submit wait for the test to settle them. */
function startForm(input: FormMachineInput = INPUT) {
  const clock = new SimulatedClock();
  const loads: Array<Deferred<FormValidator>> = [];
  const submits: Array<{ payload: unknown; answer: Deferred<unknown> }> = [];
  const machine = formMachine.provide({
    actors: {
      loadValidator: fromPromise(() => {
        const load = deferred<FormValidator>();
        loads.push(load);
        return load.promise;
      }),
      submit: fromPromise<unknown, unknown>(({ input: payload }) => {
        const answer = deferred<unknown>();
        submits.push({ payload, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const send = async (...events: FormEvent[]) => {
    for (const event of events) actor.send(event);
    await flush();
  };
  return {
    clock,
    loads,
    submits,
    send,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    /** The validator arrives (or fails to). */
    loaded: async (validate: FormValidator = validateLead) => {
      loads.at(-1)?.resolve(validate);
      await flush();
    },
    loadFailed: async () => {
      loads.at(-1)?.reject(new Error("Failed to fetch dynamically imported module"));
      await flush();
    },
    answer: async (value: unknown) => {
      submits.at(-1)?.answer.resolve(value);
      await flush();
    },
    reject: async (error: unknown) => {
      submits.at(-1)?.answer.reject(error);
      await flush();
    },
    /** Types every field of `values`, as a user would. */
    fill: (values: FieldValues) => send(...Object.entries(values).map(([field, value]) => ({ type: "CHANGE", field, value }) as const)),
  };
}

/** A form whose validator has loaded, after a first focus. */
async function startLoaded() {
  const form = startForm();
  await form.send({ type: "FOCUS" });
  await form.loaded();
  return form;
}

describe("form machine: loading the validator", () => {
  it("loads nothing until the first interaction, then loads once", async () => {
    for (const first of [{ type: "FOCUS" }, { type: "CHANGE", field: "name", value: "A" }, { type: "BLUR", field: "name" }, { type: "SUBMIT" }] as const) {
      const form = startForm();
      await flush();
      expect(form.loads).toHaveLength(0);
      await form.send(first, { type: "FOCUS" }, { type: "CHANGE", field: "name", value: "An" }, { type: "BLUR", field: "name" });
      expect(form.loads).toHaveLength(1);
      expect(form.snapshot().matches({ validator: "loading" })).toBe(true);
    }
  });

  it("keeps the validator once loaded and checks the values typed meanwhile", async () => {
    const form = startForm();
    await form.send({ type: "CHANGE", field: "name", value: "A" });
    expect(form.context().issues).toEqual({});
    await form.loaded();
    expect(form.context().validate).toBe(validateLead);
    expect(form.context().issues).toMatchObject({ name: "validation.name.required" });
    await form.send({ type: "FOCUS" }, { type: "SUBMIT" });
    expect(form.loads).toHaveLength(1);
  });
});

describe("form machine: when messages show", () => {
  it("shows a text field's or a select's message once it is blurred, not while typing", async () => {
    const form = await startLoaded();
    await form.send({ type: "CHANGE", field: "name", value: "A" });
    form.clock.increment(FORM.inputDebounceMs);
    expect(form.context().issues).toMatchObject({ name: "validation.name.required" });
    expect(form.context().shown).toEqual([]);
    await form.send({ type: "BLUR", field: "name" }, { type: "BLUR", field: "event" });
    expect(form.context().shown).toEqual(["name", "event"]);
    expect(form.context().issues).toMatchObject({ name: "validation.name.required", event: "validation.select.required" });
  });

  it("shows a checkbox's message once it changes; blurring it shows nothing", async () => {
    const form = await startLoaded();
    await form.send({ type: "BLUR", field: "privacyPolicy" });
    expect(form.context().shown).toEqual([]);
    await form.send({ type: "CHANGE", field: "privacyPolicy", value: true }, { type: "CHANGE", field: "privacyPolicy", value: false });
    expect(form.context().shown).toEqual(["privacyPolicy"]);
    form.clock.increment(FORM.inputDebounceMs);
    expect(form.context().issues).toMatchObject({ privacyPolicy: "validation.consent.privacyPolicy" });
  });

  it("checks the input 20 ms after the last change, and no sooner", async () => {
    expect(FORM.inputDebounceMs).toBe(20);
    const form = await startLoaded();
    expect(form.context().issues).toMatchObject({ name: "validation.name.required" });
    await form.send({ type: "CHANGE", field: "name", value: "An" });
    form.clock.increment(10);
    await form.send({ type: "CHANGE", field: "name", value: "Ana" });
    form.clock.increment(FORM.inputDebounceMs - 1);
    expect(form.context().issues).toMatchObject({ name: "validation.name.required" });
    form.clock.increment(1);
    expect(form.context().issues).not.toHaveProperty("name");
    expect(form.context().values).toMatchObject({ name: "Ana" });
  });

  it("checks at once on blur, without waiting for the debounce", async () => {
    const form = await startLoaded();
    await form.send({ type: "CHANGE", field: "name", value: "Ana" }, { type: "BLUR", field: "name" });
    expect(form.context().issues).not.toHaveProperty("name");
    expect(form.snapshot().matches({ form: { editing: "settled" } })).toBe(true);
  });
});

describe("form machine: submitting", () => {
  it("refuses a submit with problems: shows every field, says so, and asks for the focus on the first in the page's order", async () => {
    const form = await startLoaded();
    await form.send({ type: "CHANGE", field: "event", value: "ev-jazz" }, { type: "SUBMIT" });
    expect(form.submits).toHaveLength(0);
    expect(form.snapshot().matches({ form: "editing" })).toBe(true);
    expect(form.context()).toMatchObject({
      shown: ["name", "event", "privacyPolicy"],
      issues: { name: "validation.name.required", privacyPolicy: "validation.consent.privacyPolicy" },
      formMessage: FORM.incompleteMessage,
      focusRequest: { field: "name", seq: 1 },
    });
  });

  it("asks for the focus again on every refused submit", async () => {
    const form = await startLoaded();
    await form.send({ type: "SUBMIT" });
    await form.send({ type: "SUBMIT" });
    expect(form.context().focusRequest).toEqual({ field: "name", seq: 2 });
    await form.send({ type: "CHANGE", field: "name", value: "Ana" }, { type: "SUBMIT" });
    expect(form.context().focusRequest).toEqual({ field: "event", seq: 3 });
  });

  it("sends the decoded payload of valid values and says the form was submitted", async () => {
    const form = await startLoaded();
    await form.fill(FILLED);
    await form.send({ type: "SUBMIT" });
    expect(form.snapshot().matches({ form: { submitting: "sending" } })).toBe(true);
    expect(form.submits.map((submit) => submit.payload)).toEqual([{ name: "Ana Puig", event: "ev-jazz" }]);
    await form.send({ type: "SUBMIT" }, { type: "CHANGE", field: "name", value: "Bea" });
    expect(form.submits).toHaveLength(1);
    expect(form.context().values).toEqual(FILLED);
    await form.answer({ id: "lead-1" });
    expect(form.snapshot().matches({ form: "succeeded" })).toBe(true);
    expect(form.context()).toMatchObject({ formMessage: FORM_FEEDBACK.formSubmitted, outcome: { kind: "accepted", response: { id: "lead-1" } } });
  });

  it("shows the problems the server found, on every field, with the focus on the first", async () => {
    const form = await startLoaded();
    await form.fill(FILLED);
    await form.send({ type: "BLUR", field: "name" }, { type: "SUBMIT" });
    const issues = { event: "validation.event.soldOut", name: "validation.name.length" };
    await form.reject({ kind: "invalid", issues });
    expect(form.snapshot().matches({ form: "editing" })).toBe(true);
    expect(form.context()).toMatchObject({
      issues,
      shown: ["name", "event", "privacyPolicy"],
      formMessage: FORM.incompleteMessage,
      focusRequest: { field: "name", seq: 1 },
      outcome: { kind: "invalid", issues },
    });
  });

  it("makes a problem no rendered field can show the form's message; says only 'incomplete' when none came", async () => {
    for (const [issues, message, focusRequest] of [
      [{ "": "validation.password.mismatch", name: "validation.name.length" }, "validation.password.mismatch", { field: "name", seq: 1 }],
      [{ code: "tickets.claim.invalidCode" }, "tickets.claim.invalidCode", undefined],
      [{}, FORM.incompleteFallbackMessage, undefined],
    ] as const) {
      const form = await startLoaded();
      await form.fill(FILLED);
      await form.send({ type: "SUBMIT" });
      await form.reject({ kind: "invalid", issues });
      expect(form.context()).toMatchObject({ formMessage: message, focusRequest });
    }
  });

  it("says a failed submit failed, keeps the values, and succeeds on retry", async () => {
    const form = await startLoaded();
    await form.fill(FILLED);
    await form.send({ type: "SUBMIT" });
    await form.reject(new TypeError("Failed to fetch"));
    expect(form.snapshot().matches({ form: "failed" })).toBe(true);
    expect(form.context()).toMatchObject({ values: FILLED, formMessage: FORM_FEEDBACK.formSubmitFailed, outcome: { kind: "failed" } });
    await form.send({ type: "RETRY" });
    expect(form.submits.map((submit) => submit.payload)).toEqual([
      { name: "Ana Puig", event: "ev-jazz" },
      { name: "Ana Puig", event: "ev-jazz" },
    ]);
    await form.answer(undefined);
    expect(form.context().formMessage).toBe(FORM_FEEDBACK.formSubmitted);
  });

  it("after a failure, goes back to editing on a change or EDIT (the failure's message gone), and submits again on SUBMIT", async () => {
    const failed = async () => {
      const form = await startLoaded();
      await form.fill(FILLED);
      await form.send({ type: "SUBMIT" });
      await form.reject(new Error("503"));
      return form;
    };
    const changed = await failed();
    await changed.send({ type: "CHANGE", field: "name", value: "Bea" });
    expect(changed.snapshot().matches({ form: { editing: "debouncing" } })).toBe(true);
    expect(changed.context()).toMatchObject({ values: { ...FILLED, name: "Bea" }, formMessage: undefined });

    const edited = await failed();
    await edited.send({ type: "EDIT" });
    expect(edited.snapshot().matches({ form: "editing" })).toBe(true);
    expect(edited.context()).toMatchObject({ values: FILLED, formMessage: undefined });

    const resubmitted = await failed();
    await resubmitted.send({ type: "SUBMIT" });
    expect(resubmitted.submits).toHaveLength(2);
  });

  it("still submits when the validator cannot load: the raw values go, and the server's problems show", async () => {
    const form = startForm();
    await form.send({ type: "CHANGE", field: "name", value: "A" });
    await form.loadFailed();
    expect(form.snapshot().matches({ validator: "unavailable" })).toBe(true);
    await form.send({ type: "BLUR", field: "name" });
    expect(form.context().issues).toEqual({});
    await form.send({ type: "SUBMIT" });
    expect(form.submits.map((submit) => submit.payload)).toEqual([{ ...INPUT.initial, name: "A" }]);
    await form.reject({ kind: "invalid", issues: { name: "validation.name.length" } });
    expect(form.context()).toMatchObject({ issues: { name: "validation.name.length" }, formMessage: FORM.incompleteMessage });
    // Changes do not hide the server's message: nothing here can tell whether they fixed it.
    await form.send({ type: "CHANGE", field: "name", value: "Ana" });
    form.clock.increment(FORM.inputDebounceMs);
    expect(form.context().issues).toEqual({ name: "validation.name.length" });
  });

  it("makes a submit wait for the validator, then checks the values with it", async () => {
    const refused = startForm();
    await refused.send({ type: "SUBMIT" });
    expect(refused.snapshot().matches({ form: { submitting: "validating" } })).toBe(true);
    expect(refused.submits).toHaveLength(0);
    await refused.loaded();
    expect(refused.snapshot().matches({ form: "editing" })).toBe(true);
    expect(refused.context()).toMatchObject({ formMessage: FORM.incompleteMessage, focusRequest: { field: "name", seq: 1 } });

    const sent = startForm();
    await sent.fill(FILLED);
    await sent.send({ type: "SUBMIT" });
    expect(sent.submits).toHaveLength(0);
    await sent.loaded();
    expect(sent.submits.map((submit) => submit.payload)).toEqual([{ name: "Ana Puig", event: "ev-jazz" }]);

    const unchecked = startForm();
    await unchecked.send({ type: "SUBMIT" });
    await unchecked.loadFailed();
    expect(unchecked.submits.map((submit) => submit.payload)).toEqual([INPUT.initial]);
  });
});

describe("form machine: starting over", () => {
  it("resets to the initial values, or to the ones given, with nothing shown and no message", async () => {
    const form = await startLoaded();
    await form.send({ type: "CHANGE", field: "name", value: "A" }, { type: "SUBMIT" });
    await form.send({ type: "RESET" });
    expect(form.context()).toMatchObject({ values: INPUT.initial, shown: [], formMessage: undefined, focusRequest: { field: "name", seq: 1 } });
    await form.send({ type: "RESET", values: FILLED });
    expect(form.context()).toMatchObject({ values: FILLED, issues: {} });
  });

  it("starts a new form after a success", async () => {
    const form = await startLoaded();
    await form.fill(FILLED);
    await form.send({ type: "SUBMIT" });
    await form.answer(undefined);
    await form.send({ type: "CHANGE", field: "name", value: "Bea" });
    expect(form.context().values).toEqual(FILLED);
    await form.send({ type: "RESET" });
    expect(form.snapshot().matches({ form: "editing" })).toBe(true);
    expect(form.context()).toMatchObject({ values: INPUT.initial, formMessage: undefined, outcome: undefined });
  });
});

describe("form machine: resuming from a plain post (no JavaScript)", () => {
  it("starts with the server's messages shown and the focus asked on the first problem", () => {
    const form = startForm({ ...INPUT, initial: { ...INPUT.initial, name: "A" }, posted: { outcome: "invalid", issues: { name: "validation.name.length", privacyPolicy: "validation.consent.privacyPolicy" } } });
    expect(form.snapshot().matches({ form: "editing" })).toBe(true);
    expect(form.context().values.name).toBe("A");
    expect(form.context().shown).toEqual(INPUT.fieldOrder);
    expect(form.context().issues).toEqual({ name: "validation.name.length", privacyPolicy: "validation.consent.privacyPolicy" });
    expect(form.context().formMessage).toBe(FORM.incompleteMessage);
    expect(form.context().focusRequest).toEqual({ field: "name", seq: 1 });
  });

  it("starts succeeded after an accepted post, and failed (values kept) after a refused one", () => {
    const accepted = startForm({ ...INPUT, posted: { outcome: "accepted", issues: {} } });
    expect(accepted.snapshot().matches({ form: "succeeded" })).toBe(true);
    expect(accepted.context().formMessage).toBe(FORM_FEEDBACK.formSubmitted);

    const limited = startForm({ ...INPUT, initial: FILLED, posted: { outcome: "rate-limited", issues: { "": "feedback.error.tooManySubmissions" } } });
    expect(limited.snapshot().matches({ form: "failed" })).toBe(true);
    expect(limited.context().formMessage).toBe("feedback.error.tooManySubmissions");
    expect(limited.context().values).toEqual(FILLED);

    const failed = startForm({ ...INPUT, initial: FILLED, posted: { outcome: "failed", issues: {} } });
    expect(failed.context().formMessage).toBe(FORM_FEEDBACK.formSubmitFailed);
  });
});
