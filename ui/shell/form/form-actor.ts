import { createActor, fromPromise } from "xstate";
import { formMachine, type FormMachineInput, type FormValidator } from "../../../core";

/** What a form's machine does in the world, given by the page. */
export interface FormEffects {
  loadValidator(): Promise<FormValidator>;
  submit(payload: unknown): Promise<unknown>;
}

/** The form machine, running; this module (and XState with it) loads on a form's first use. */
export function startFormActor(input: FormMachineInput, effects: FormEffects) {
  const machine = formMachine.provide({
    actors: {
      loadValidator: fromPromise(() => effects.loadValidator()),
      submit: fromPromise<unknown, unknown>(({ input: payload }) => effects.submit(payload)),
    },
  });
  return createActor(machine, { input }).start();
}

export type FormActor = ReturnType<typeof startFormActor>;
