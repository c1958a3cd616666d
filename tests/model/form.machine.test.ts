import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type StateValue } from "xstate";
import { getStateNodes } from "xstate/graph";
import { describe, expect, it } from "vitest";
import { formMachine, type FieldValues, type FormEvent, type FormMachineInput, type FormValidator } from "../../core/domain/forms/form.machine";
import { FORM } from "../../core/domain/forms/form.settings";
import { formView, type FormView } from "../../core/domain/forms/form.view";
import { deferred, flush, type Deferred } from "../unit/support/async";
import { delayName, doneEvent, errorEvent, replay, shortestPaths, type ModelPath } from "./support";

// The newsletter form: a text field and a consent checkbox.
const INPUT: FormMachineInput = { initial: { email: "", privacyPolicy: false }, fieldOrder: ["email", "privacyPolicy"], checkboxes: ["privacyPolicy"] };
const FIELDS = INPUT.fieldOrder;

const validateSubscription: FormValidator = (values) => {
  const issues: Record<string, string> = {};
  if (!String(values.email).includes("@")) issues.email = "validation.email.invalid";
  if (values.privacyPolicy !== true) issues.privacyPolicy = "validation.consent.privacyPolicy";
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, payload: { email: values.email } };
};

const LOAD = "form.validator.loading";
const SEND = "form.form.submitting.sending";
const EVENTS: AnyEventObject[] = [
  { type: "FOCUS" },
  { type: "CHANGE", field: "email", value: "ana@arena.test" },
  { type: "CHANGE", field: "email", value: "" },
  { type: "CHANGE", field: "privacyPolicy", value: true },
  { type: "BLUR", field: "email" },
  { type: "BLUR", field: "privacyPolicy" },
  { type: "RESET" },
  { type: doneEvent(formMachine, LOAD), output: validateSubscription },
  { type: errorEvent(formMachine, LOAD), error: new Error("Failed to fetch dynamically imported module") },
  { type: doneEvent(formMachine, SEND), output: { id: "sub-1" } },
  { type: errorEvent(formMachine, SEND), error: { kind: "invalid", issues: { email: "validation.email.taken" } } },
  { type: errorEvent(formMachine, SEND), error: { kind: "invalid", issues: { "": "validation.form.unknownList" } } },
  { type: errorEvent(formMachine, SEND), error: new TypeError("Failed to fetch") },
];

// The focus counter grows with every refused submit; everything else the form holds tells its states apart.
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { values, issues, shown, formMessage, focusRequest, outcome } = snapshot.context;
  return JSON.stringify([snapshot.value, values, issues, shown, formMessage, focusRequest?.field, outcome]);
};
const paths = shortestPaths(formMachine, { input: INPUT, events: EVENTS, serializeState });

/** "region.state.substate" for each active leaf of a state value. */
function leavesOf(value: StateValue, prefix: readonly string[] = []): string[] {
  if (typeof value === "string") return [[...prefix, value].join(".")];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [] : leavesOf(child, [...prefix, key])));
}
// `form.resuming` is left in the same step it is entered (eventless): no snapshot ever rests there.
const ALL_LEAVES = getStateNodes(formMachine.root)
  .filter((node) => node.type === "atomic" && node.path.join(".") !== "form.resuming")
  .map((node) => node.path.join("."))
  .sort();

function harness() {
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
  const actor = createActor(machine, { clock, input: INPUT }).start();
  const settle = (event: AnyEventObject) => {
    const answer = event.type.endsWith(LOAD) ? loads.at(-1) : submits.at(-1)?.answer;
    if (event.type.startsWith("xstate.done.actor.")) answer?.resolve(event.output);
    else answer?.reject(event.error);
  };
  return {
    loads,
    submits,
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (delayName(event) === "inputDebounce") clock.increment(FORM.inputDebounceMs);
      else if (!event.type.startsWith("xstate.")) actor.send(event as FormEvent);
      else {
        // Only a settled actor answers later: sends and timers take effect at once.
        settle(event);
        await flush();
      }
    },
  };
}

const errorsOf = (view: FormView) => Object.fromEntries(FIELDS.map((field) => [field, view.errorOf(field)]));

/** The fields the events since the last RESET allow to show their message (SPEC §5), in the page's order. */
function fieldsAllowedToShow(steps: ModelPath["steps"], upTo: number): string[] {
  const allowed = new Set<string>();
  for (const { event } of steps.slice(0, upTo + 1)) {
    if (event.type === "RESET") allowed.clear();
    if (event.type === "SUBMIT" || (event.type.startsWith("xstate.error.actor.") && event.error?.kind === "invalid")) FIELDS.forEach((field) => allowed.add(field));
    if (event.type === "BLUR" && !INPUT.checkboxes.includes(event.field)) allowed.add(event.field);
    if (event.type === "CHANGE" && INPUT.checkboxes.includes(event.field)) allowed.add(event.field);
  }
  return FIELDS.filter((field) => allowed.has(field));
}

describe("form machine model", () => {
  it("reaches every state of both regions", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => leavesOf(step.state.value))));
    expect([...reached].sort()).toEqual(ALL_LEAVES);
    expect(ALL_LEAVES).toEqual([
      "form.editing.debouncing",
      "form.editing.settled",
      "form.failed",
      "form.submitting.sending",
      "form.submitting.validating",
      "form.succeeded",
      "validator.loading",
      "validator.ready",
      "validator.unavailable",
      "validator.unrequested",
    ]);
  });

  // Hundreds of paths, each replayed on a fresh actor.
  it("behaves like its model on a simulated clock along every shortest path", { timeout: 30_000 }, async () => {
    for (const path of paths) {
      let made: ReturnType<typeof harness> | undefined;
      let interacted = false;
      let sends = 0;
      let focusRequests = 0;
      let step = 0;
      await replay(
        path,
        () => (made = harness()),
        (real, model, event) => {
          const { loads, submits } = made!;
          expect(real.value).toEqual(model.value);
          // The model keeps one snapshot per serialized state, so the focus counter is compared with the path's own count.
          const refused =
            model.matches({ form: "editing" }) &&
            (event.type === "SUBMIT" || path.steps[step - 1]?.state.matches({ form: "submitting" }) === true) &&
            FIELDS.some((field) => model.context.issues[field]);
          if (refused) focusRequests += 1;
          const focusRequest = focusRequests === 0 ? undefined : { field: model.context.focusRequest?.field, seq: focusRequests };
          expect(real.context).toEqual({ ...model.context, focusRequest });
          const view = formView(real);
          expect({ ...view, errorOf: undefined }).toEqual({ ...formView(model as typeof real), focusRequest, errorOf: undefined });
          expect(errorsOf(view)).toEqual(errorsOf(formView(model as typeof real)));

          // Messages show where the user has been (blurred text, changed checkbox), and everywhere after a submit.
          expect(real.context.shown).toEqual(fieldsAllowedToShow(path.steps, step));
          for (const field of FIELDS) if (!real.context.shown.includes(field)) expect(view.errorOf(field)).toBeUndefined();

          // The validator loads once, and only once someone uses the form.
          interacted ||= ["FOCUS", "CHANGE", "BLUR", "SUBMIT"].includes(event.type);
          expect(loads).toHaveLength(interacted ? 1 : 0);

          // Entering `sending` sends what the validator decoded, or the raw values when it never loaded.
          const sending = { form: { submitting: "sending" } } as const;
          if (model.matches(sending) && !path.steps[step - 1]?.state.matches(sending)) {
            sends += 1;
            const payload = submits.at(-1)?.payload;
            const result = validateSubscription(model.context.values as FieldValues);
            if (model.matches({ validator: "ready" })) expect(result).toEqual({ ok: true, payload });
            else expect(payload).toEqual(model.context.values);
          }
          expect(submits).toHaveLength(sends);
          step += 1;
        },
      );
    }
  });
});
